import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, HStack } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader, PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { usePageClamp } from '../../../widgets/list-paging.ts';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { useListShortcuts } from '../../../widgets/list-shortcuts.tsx';
import { SavedViewsMenu } from '../../../widgets/saved-views/saved-views-menu.tsx';
import type { SavedViewsSource } from '../../../widgets/saved-views/views-api.ts';
import { afterSalesKeys } from '../api/keys.ts';
import { API, ticketListQuery } from '../api/tickets-api.ts';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import { BulkActions } from './bulk-actions.tsx';
import { ExportMenu } from './export-menu.tsx';
import { SELECTION_MAX, toggleId, togglePage } from './selection.ts';
import { TicketFilters } from './ticket-filters.tsx';
import { TicketTable } from './ticket-table.tsx';
import { useFilterOptions } from './use-filter-options.ts';
import { activeFilterCount, toApiFilters, useTicketListState } from './use-ticket-filters.ts';

/** Where this list's saved views live (docs/api.md: postventa/vistas). */
const VIEWS: SavedViewsSource = {
  path: `${API}/vistas`,
  list: 'solicitudes',
  queryKey: afterSalesKeys.views('solicitudes'),
};

/** docs/product.md §2 /warranties/solicitudes: filters, sort, pages of 50, selection for bulk actions, export; live. */
export function SolicitudesPage() {
  const { t } = useTranslation();
  const { state, update, clear, setAllProjects, applyView, viewParams } = useTicketListState();
  const filters = useMemo(() => toApiFilters(state), [state]);
  const list = useQuery({
    ...ticketListQuery(filters, state.sort, state.page, state.rowsPerPage),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selectedRows, setSelectedRows] = useState<Map<number, NonNullable<typeof list.data>['data'][number]>>(
    new Map(),
  );
  const canCreate = useCan('postventa_crear');
  const options = useFilterOptions(state.project, state.tower);
  useAfterSalesLive(state.project.map(Number));
  const shortcuts = useListShortcuts('[data-testid="ticket-row"]');
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  // ?page= beyond the last page (an old link, tickets closed meanwhile) moves to the last page.
  const clamping = usePageClamp({
    page: state.page,
    total: list.data?.total,
    rowsPerPage: state.rowsPerPage,
    isPlaceholderData: list.isPlaceholderData,
    onPageChange: goToPage,
  });

  const rows = list.data?.data ?? [];
  // Selection survives page changes (up to 50 in all); the rows are kept so bulk actions know their states.
  const apply = (next: ReadonlySet<number>) => {
    const known = new Map(selectedRows);
    rows.forEach((r) => known.set(r.id, r));
    setSelected(next);
    setSelectedRows(new Map([...known].filter(([id]) => next.has(id))));
  };
  const chosen = [...selected]
    .map((id) => rows.find((r) => r.id === id) ?? selectedRows.get(id))
    .filter((r) => r !== undefined);

  return (
    <Box ref={shortcuts.ref} css={shortcuts.css}>
      {shortcuts.help}
      <PageHeader
        title={t('routes.warranties.solicitudes.title')}
        actions={
          <HStack gap="2">
            <ExportMenu filters={filters} sort={state.sort} disabled={!list.data?.total} />
            {canCreate ? (
              <Button asChild colorPalette="brand" data-testid="new-ticket">
                <RouterLink to="/warranties/solicitud/crear">
                  <Plus size={16} aria-hidden="true" />
                  {t('after_sales_ui.list.new')}
                </RouterLink>
              </Button>
            ) : null}
          </HStack>
        }
      />
      <FilterBar
        search={state.search}
        onSearchChange={(search) => update({ search })}
        searchPlaceholder={t('after_sales_ui.list.search')}
        activeCount={activeFilterCount(state)}
        onClear={clear}
        actions={<SavedViewsMenu source={VIEWS} current={viewParams} onApply={applyView} />}
      >
        <TicketFilters state={state} update={update} scope={{ setAllProjects }} />
      </FilterBar>
      <BulkActions selectedRows={chosen} responsibles={options.responsibles} onDone={() => apply(new Set())} />
      {selected.size >= SELECTION_MAX ? (
        <Alert.Root status="info" size="sm" mb="2" data-testid="selection-cap">
          <Alert.Indicator />
          <Alert.Title>{t('after_sales_ui.bulk.cap', { max: SELECTION_MAX })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {list.isPending || clamping ? (
        <PageSpinner minH="40vh" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('common.error_default')}</Alert.Title>
        </Alert.Root>
      ) : rows.length === 0 ? (
        <Alert.Root status="info" data-testid="tickets-empty">
          <Alert.Indicator />
          <Alert.Title>{t('after_sales_ui.list.empty')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
          <TicketTable
            rows={rows}
            page={state.page}
            selected={selected}
            onToggle={(id) => apply(toggleId(selected, id))}
            onTogglePage={() =>
              apply(
                togglePage(
                  selected,
                  rows.map((r) => r.id),
                ),
              )
            }
          />
        </Box>
      )}
      <TablePagination
        page={state.page}
        total={list.data?.total ?? 0}
        rowsPerPage={state.rowsPerPage}
        rowsPerPageOptions={[50, 100, 500]}
        onRowsPerPageChange={(rowsPerPage) => update({ rowsPerPage })}
        onPageChange={goToPage}
        isDisabled={list.isFetching}
      />
    </Box>
  );
}
