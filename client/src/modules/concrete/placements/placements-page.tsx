import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, HStack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONCRETE_EDIT } from '#domain/concrete';
import { PLACEMENT_SORTS } from '#domain/schemas/concrete';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { usePageClamp } from '../../../widgets/list-paging.ts';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { exportPlacements, placementListQuery } from '../api/placements.ts';
import { PlacementFilters } from './placement-filters.tsx';
import { PlacementFormDialog } from './placement-form-dialog.tsx';
import { PlacementsFrame } from './placements-tabs.tsx';
import { PlacementsTable, placementHref } from './placements-table.tsx';
import {
  PLACEMENT_ROWS_OPTIONS,
  activePlacementFilterCount,
  toPlacementQuery,
  usePlacementListState,
  type PlacementSort,
} from './use-placement-list-state.ts';

const T = 'concrete.placements.list';

/** concrete/placements/list: the project's pours, filtered in the URL, sorted, paged, exported, followed live. */
export function PlacementsPage() {
  return (
    <PlacementsFrame>{(projectId) => <ProjectPlacements key={projectId} projectId={projectId} />}</PlacementsFrame>
  );
}

function ProjectPlacements({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan(CONCRETE_EDIT);
  const { state, update, clear } = usePlacementListState();
  const [creating, setCreating] = useState(false);
  const query = useMemo(() => toPlacementQuery(projectId, state), [projectId, state]);
  const list = useQuery({ ...placementListQuery(query), placeholderData: keepPreviousData });
  const goToPage = useCallback((page: number) => update({ page }), [update]);
  const clamping = usePageClamp({
    page: state.page,
    total: list.data?.total,
    rowsPerPage: state.rows,
    isPlaceholderData: list.isPlaceholderData,
    onPageChange: goToPage,
  });
  const rows = list.data?.data ?? [];
  return (
    <Box>
      <FilterBar
        search={state.search}
        onSearchChange={(search) => update({ search })}
        searchPlaceholder={t(`${T}.search`)}
        activeCount={activePlacementFilterCount(state)}
        onClear={clear}
      >
        <PlacementFilters state={state} update={update} />
      </FilterBar>
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Text textStyle="sm" color="fg.muted" data-testid="placements-total">
          {t(`${T}.total`, { count: list.data?.total ?? 0 })}
        </Text>
        <HStack gap="2" wrap="wrap">
          <SortSelector
            fields={PLACEMENT_SORTS.map((id) => ({ id, name: t(`${T}.sorts.${id}`) }))}
            value={{ sortBy: state.sort, descending: state.desc }}
            onChange={(v) =>
              update({ sort: { sort: (v.sortBy ?? 'scheduled_on') as PlacementSort, desc: v.descending } })
            }
          />
          <ExportMenu
            download={(format) => exportPlacements(format, query)}
            baseName="hormigonados"
            disabled={!list.data?.total}
          />
          {canEdit ? (
            <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)} data-testid="new-placement">
              <Plus size={16} aria-hidden="true" />
              {t(`${T}.new`)}
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {list.isPending || clamping ? (
        <PageSpinner minH="40vh" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('common.error_default')}</Alert.Title>
        </Alert.Root>
      ) : rows.length === 0 ? (
        <Alert.Root status="info" data-testid="placements-empty">
          <Alert.Indicator />
          <Alert.Title>
            {t(activePlacementFilterCount(state) || state.search ? `${T}.none_match` : `${T}.empty`)}
          </Alert.Title>
        </Alert.Root>
      ) : (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
          <PlacementsTable rows={rows} />
        </Box>
      )}
      <TablePagination
        page={state.page}
        total={list.data?.total ?? 0}
        rowsPerPage={state.rows}
        rowsPerPageOptions={PLACEMENT_ROWS_OPTIONS}
        onRowsPerPageChange={(rows) => update({ rows })}
        onPageChange={goToPage}
        isDisabled={list.isFetching}
      />
      {creating ? (
        <PlacementFormDialog
          open
          projectId={projectId}
          onClose={() => setCreating(false)}
          onSaved={(p) => navigate(placementHref(p.id))}
        />
      ) : null}
    </Box>
  );
}
