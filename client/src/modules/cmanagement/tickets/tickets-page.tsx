import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, HStack, SegmentGroup } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CM_MANAGE } from '#domain/cmanagement';
import { CM_TICKET_SORTS } from '#domain/schemas/cmanagement';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader, PageSpinner } from '../../../shared/layout/page-states.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { usePageClamp } from '../../../widgets/list-paging.ts';
import { SavedViewsMenu } from '../../../widgets/saved-views/saved-views-menu.tsx';
import type { SavedViewsSource } from '../../../widgets/saved-views/views-api.ts';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { cmanagementKeys } from '../api/keys.ts';
import { useCmanagementLive } from '../api/live-sync.ts';
import { CM_API, ticketListQuery, ticketsApi, type CmTicketSort } from '../api/tickets.ts';
import { CreateTicketDialog } from './create-ticket-dialog.tsx';
import { TicketFilters } from './ticket-filters.tsx';
import { TicketsBoard } from './tickets-board.tsx';
import { TicketsTable } from './tickets-table.tsx';
import {
  TICKET_ROWS_OPTIONS,
  activeTicketFilterCount,
  toTicketQuery,
  useTicketListState,
} from './use-ticket-list-state.ts';

/** The board shows every ticket the filters leave, up to the API's largest page. */
const BOARD_ROWS = 500;
/** Where this list's saved views live (docs/api.md, Cmanagement: vistas?list=cm_tickets). */
const VIEWS: SavedViewsSource = { path: `${CM_API}/vistas`, list: 'cm_tickets', queryKey: cmanagementKeys.views() };

/**
 * /cmanagement/tickets (docs/product.md §2): the company's work tickets, filtered in the URL, as a list (sorted,
 * paged, exported) or a board by state; both follow live.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { state, update, clear, viewParams, applyView } = useTicketListState();
  const [creating, setCreating] = useState(false);
  const canManage = useCan(CM_MANAGE);
  const board = state.view === 'board';
  const query = useMemo(() => {
    const q = toTicketQuery(state);
    return board ? { ...q, page: 1, rows: BOARD_ROWS } : q;
  }, [state, board]);
  const list = useQuery({ ...ticketListQuery(query), placeholderData: keepPreviousData });
  useCmanagementLive(state.project.map(Number));
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  const clamping = usePageClamp({
    page: state.page,
    total: board ? undefined : list.data?.total,
    rowsPerPage: state.rows,
    isPlaceholderData: list.isPlaceholderData,
    onPageChange: goToPage,
  });
  const rows = list.data?.data ?? [];
  const label = (k: string) => t(`cmanagement_ui.list.${k}`);

  return (
    <Box>
      <PageHeader
        title={t('routes.cmanagement.tickets.title')}
        actions={
          <HStack gap="2" wrap="wrap">
            <SegmentGroup.Root
              size="sm"
              value={state.view}
              onValueChange={(d) => update({ view: d.value === 'board' ? 'board' : 'list' })}
              aria-label={label('view')}
              data-testid="view-toggle"
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'list', label: label('view_list') },
                  { value: 'board', label: label('view_board') },
                ]}
              />
            </SegmentGroup.Root>
            <ExportMenu
              download={(format) => ticketsApi.export(format, query)}
              baseName="tickets"
              disabled={!list.data?.total}
            />
            {canManage ? (
              <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="new-ticket">
                <Plus size={16} aria-hidden="true" />
                {label('new')}
              </Button>
            ) : null}
          </HStack>
        }
      />
      <FilterBar
        search={state.search}
        onSearchChange={(search) => update({ search })}
        searchPlaceholder={label('search')}
        activeCount={activeTicketFilterCount(state)}
        onClear={clear}
        actions={<SavedViewsMenu source={VIEWS} current={viewParams} onApply={applyView} />}
      >
        <TicketFilters state={state} update={update} />
      </FilterBar>
      {board ? null : (
        <HStack justify="flex-end" mb="3">
          <SortSelector
            fields={CM_TICKET_SORTS.map((id) => ({ id, name: t(`cmanagement_ui.list.sorts.${id}`) }))}
            value={{ sortBy: state.sort, descending: state.desc }}
            onChange={(v) => update({ sort: { sort: (v.sortBy ?? 'updated_at') as CmTicketSort, desc: v.descending } })}
          />
        </HStack>
      )}
      {list.isPending || clamping ? (
        <PageSpinner minH="40vh" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('common.error_default')}</Alert.Title>
        </Alert.Root>
      ) : board ? (
        <TicketsBoard rows={rows} />
      ) : rows.length === 0 ? (
        <Alert.Root status="info" data-testid="tickets-empty">
          <Alert.Indicator />
          <Alert.Title>{label('empty')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
          <TicketsTable rows={rows} />
        </Box>
      )}
      {board ? null : (
        <TablePagination
          page={state.page}
          total={list.data?.total ?? 0}
          rowsPerPage={state.rows}
          rowsPerPageOptions={TICKET_ROWS_OPTIONS}
          onRowsPerPageChange={(rows) => update({ rows })}
          onPageChange={goToPage}
          isDisabled={list.isFetching}
        />
      )}
      {creating ? <CreateTicketDialog open onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}
