import { useState } from 'react';
import { Alert, Box, Button, Checkbox, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BULK_SELECTION_MAX } from '#domain/limits';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { ProjectScopeFilter, useProjectScope } from '../../../widgets/project-scope-filter.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { dateText, dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { fichaListQuery, type FichaRow } from '../api/ficha-api.ts';
import { FichaStateTag } from '../ficha/ficha-state-tag.tsx';
import { MANAGE } from '../ficha/use-unit-id.ts';
import { BulkScheduleDialog } from './bulk-schedule-dialog.tsx';
import { EMPTY_FILTERS, FichasFilters, toQuery, type FichaFilterState } from './fichas-filters.tsx';
import { useListShortcuts } from '../../../widgets/list-shortcuts.tsx';
import { selectPage, toggleUnit } from './selection.ts';

/** docs/product.md §2 /warranties/fichas: the project's units as delivery records, filtered, paged by 50, bulk-scheduled (≤ 50). */
export function FichasPage() {
  const { t } = useTranslation();
  const scope = useProjectScope('fichas');
  if (scope.isEmpty) {
    return (
      <Stack>
        <PageHeader
          title={t('routes.warranties.fichas.title')}
          actions={<ProjectScopeFilter {...scope.filterProps} />}
        />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('deliveries_ui.pick_project')}</Alert.Title>
        </Alert.Root>
      </Stack>
    );
  }
  // A new set of projects starts a new list: page 1, no selection.
  return <FichasList key={scope.all ? 'all' : scope.value.join(',')} scope={scope} />;
}

function FichasList({ scope }: { scope: ReturnType<typeof useProjectScope> }) {
  const { t, i18n } = useTranslation();
  const canManage = useCan(MANAGE);
  const { data: user } = useAuthUser();
  const [filters, setFilters] = useState<FichaFilterState>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [capped, setCapped] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  // Which project each selected unit is in: bulk scheduling is per project (its route names one).
  const [unitProjects, setUnitProjects] = useState<ReadonlyMap<number, number>>(new Map());
  const query = useQuery({
    ...fichaListQuery(scope.projectIds, toQuery(filters), page),
    placeholderData: keepPreviousData,
  });
  const rows: FichaRow[] = query.data?.data ?? [];
  const projectName = (id: number) => user?.proyectos.find((p) => p.id === id)?.name ?? '';
  const listed = scope.all ? (user?.proyectos ?? []).filter((p) => !p.is_closed).map((p) => p.id) : scope.projectIds;
  const manyProjects = scope.all || scope.projectIds.length > 1;
  const apply = (r: { selected: number[]; refused: boolean }) => {
    setUnitProjects((known) => new Map([...known, ...rows.map((row) => [row.id, row.project_id] as const)]));
    setSelected(r.selected);
    setCapped(r.refused);
  };
  const selectedProjects = new Set(selected.map((id) => unitProjects.get(id)).filter((p) => p !== undefined));
  const bulkProject = selectedProjects.size === 1 ? [...selectedProjects][0] : null;
  const pageIds = rows.map((r) => r.id);
  const shortcuts = useListShortcuts('[data-testid="ficha-row"]');
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <Stack gap="3" ref={shortcuts.ref} css={shortcuts.css}>
      {shortcuts.help}
      <PageHeader
        title={t('routes.warranties.fichas.title')}
        actions={
          canManage ? (
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!selected.length || bulkProject === null}
              title={selectedProjects.size > 1 ? t('deliveries_ui.schedule.one_project') : undefined}
              onClick={() => setScheduling(true)}
              data-testid="bulk-schedule"
            >
              {t('deliveries_ui.schedule.bulk_button', { count: selected.length })}
            </Button>
          ) : undefined
        }
      />
      <FichasFilters
        projectIds={listed}
        projectName={projectName}
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
      >
        <ProjectScopeFilter {...scope.filterProps} />
      </FichasFilters>
      {selectedProjects.size > 1 ? (
        <Text textStyle="sm" color="fg.muted" data-testid="bulk-one-project">
          {t('deliveries_ui.schedule.one_project')}
        </Text>
      ) : null}
      {capped ? (
        <Alert.Root status="warning" size="sm" data-testid="selection-cap">
          <Alert.Indicator />
          <Alert.Title>{t('deliveries_ui.selection_cap', { max: BULK_SELECTION_MAX })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {canManage && selected.length ? (
        <HStack gap="2">
          <Text textStyle="sm" data-testid="selection-count">
            {t('deliveries_ui.selected', { count: selected.length, max: BULK_SELECTION_MAX })}
          </Text>
          <Button size="xs" variant="ghost" onClick={() => apply({ selected: [], refused: false })}>
            {t('deliveries_ui.actions.clear_selection')}
          </Button>
        </HStack>
      ) : null}
      <QueryState query={query} minH="30vh">
        {() => (
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" interactive stickyHeader>
              <Table.Header>
                <Table.Row>
                  {canManage ? (
                    <Table.ColumnHeader w="10">
                      <Checkbox.Root
                        size="sm"
                        checked={allOnPage}
                        aria-label={t('deliveries_ui.actions.select_page')}
                        data-testid="select-page"
                        onCheckedChange={() =>
                          apply(
                            allOnPage
                              ? { selected: selected.filter((id) => !pageIds.includes(id)), refused: false }
                              : selectPage(selected, pageIds),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.ColumnHeader>
                  ) : null}
                  {manyProjects ? (
                    <Table.ColumnHeader whiteSpace="nowrap">{t('deliveries_ui.columns.project')}</Table.ColumnHeader>
                  ) : null}
                  {(
                    [
                      'unit',
                      'tower',
                      'floor',
                      'type',
                      'state',
                      'responsible',
                      'scheduled',
                      'delivered',
                      'pending_failures',
                    ] as const
                  ).map((c) => (
                    <Table.ColumnHeader
                      key={c}
                      whiteSpace="nowrap"
                      hideBelow={c === 'floor' || c === 'type' || c === 'responsible' ? 'md' : undefined}
                    >
                      {t(`deliveries_ui.columns.${c}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r) => (
                  <Table.Row key={r.id} data-testid="ficha-row">
                    {canManage ? (
                      <Table.Cell>
                        <Checkbox.Root
                          size="sm"
                          checked={selected.includes(r.id)}
                          aria-label={t('deliveries_ui.unit_label', { number: r.unit })}
                          onCheckedChange={() => apply(toggleUnit(selected, r.id))}
                          data-testid={`select-${r.id}`}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                    ) : null}
                    {manyProjects ? <Table.Cell>{projectName(r.project_id)}</Table.Cell> : null}
                    <Table.Cell>
                      <Link asChild colorPalette="brand" fontWeight="medium">
                        <RouterLink to={`/warranties/ficha/${r.id}`}>{r.unit}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{r.tower?.name ?? '—'}</Table.Cell>
                    <Table.Cell hideBelow="md">{r.floor ? (r.floor.name ?? r.floor.number) : '—'}</Table.Cell>
                    <Table.Cell hideBelow="md">{r.unit_type?.name ?? '—'}</Table.Cell>
                    <Table.Cell>
                      <FichaStateTag state={r.state} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{r.responsible?.full_name ?? '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {dateTimeText(r.scheduled_delivery_at, i18n.language) || '—'}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{dateText(r.delivery_date, i18n.language) || '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{r.pending_failures}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {rows.length === 0 ? (
              <Text p="4" color="fg.muted">
                {t('deliveries_ui.empty')}
              </Text>
            ) : null}
          </Box>
        )}
      </QueryState>
      <TablePagination
        page={page}
        total={query.data?.total ?? 0}
        onPageChange={setPage}
        isDisabled={query.isFetching}
      />
      <BulkScheduleDialog
        open={scheduling}
        projectId={bulkProject ?? 0}
        unitIds={selected}
        onClose={() => setScheduling(false)}
        onDone={() => {
          setScheduling(false);
          apply({ selected: [], refused: false });
        }}
      />
    </Stack>
  );
}
