import { useState } from 'react';
import { Alert, Box, Button, Checkbox, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BULK_SELECTION_MAX } from '#domain/limits';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../shared/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { dateText, dateTimeText } from '../components/dates.ts';
import { QueryState } from '../components/query-state.tsx';
import { fichaListQuery, type FichaRow } from '../ficha/ficha-api.ts';
import { FichaStateTag } from '../ficha/ficha-state-tag.tsx';
import { MANAGE } from '../ficha/use-unit-id.ts';
import { BulkScheduleDialog } from './bulk-schedule-dialog.tsx';
import { EMPTY_FILTERS, FichasFilters, toQuery, type FichaFilterState } from './fichas-filters.tsx';
import { selectPage, toggleUnit } from './selection.ts';

/** docs/product.md §2 /warranties/fichas: the project's units as delivery records, filtered, paged by 50, bulk-scheduled (≤ 50). */
export function FichasPage() {
  const { t } = useTranslation();
  const projectId = useSession((s) => s.projectId);
  if (!projectId) {
    return <Stack><PageHeader title={t('routes.warranties.fichas.title')} /><Alert.Root status="info"><Alert.Indicator /><Alert.Title>{t('deliveries_ui.pick_project')}</Alert.Title></Alert.Root></Stack>;
  }
  return <FichasList key={projectId} projectId={projectId} />;
}

function FichasList({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const canManage = useCan(MANAGE);
  const [filters, setFilters] = useState<FichaFilterState>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [capped, setCapped] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const query = useQuery({ ...fichaListQuery(toQuery(filters), page), placeholderData: keepPreviousData });
  const rows: FichaRow[] = query.data?.data ?? [];
  const apply = (r: { selected: number[]; refused: boolean }) => { setSelected(r.selected); setCapped(r.refused); };
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  return (
    <Stack gap="3">
      <PageHeader title={t('routes.warranties.fichas.title')} actions={canManage ? (
        <Button size="sm" colorPalette="brand" disabled={!selected.length} onClick={() => setScheduling(true)} data-testid="bulk-schedule">
          {t('deliveries_ui.schedule.bulk_button', { count: selected.length })}
        </Button>
      ) : undefined} />
      <FichasFilters projectId={projectId} value={filters} onChange={(f) => { setFilters(f); setPage(1); }} />
      {capped ? (
        <Alert.Root status="warning" size="sm" data-testid="selection-cap"><Alert.Indicator />
          <Alert.Title>{t('deliveries_ui.selection_cap', { max: BULK_SELECTION_MAX })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {canManage && selected.length ? (
        <HStack gap="2"><Text textStyle="sm" data-testid="selection-count">{t('deliveries_ui.selected', { count: selected.length, max: BULK_SELECTION_MAX })}</Text>
          <Button size="xs" variant="ghost" onClick={() => apply({ selected: [], refused: false })}>{t('deliveries_ui.actions.clear_selection')}</Button></HStack>
      ) : null}
      <QueryState query={query} minH="30vh">{() => (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive stickyHeader>
            <Table.Header><Table.Row>
              {canManage ? (
                <Table.ColumnHeader w="10">
                  <Checkbox.Root size="sm" checked={allOnPage} aria-label={t('deliveries_ui.actions.select_page')} data-testid="select-page"
                    onCheckedChange={() => apply(allOnPage ? { selected: selected.filter((id) => !pageIds.includes(id)), refused: false } : selectPage(selected, pageIds))}>
                    <Checkbox.HiddenInput /><Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
              ) : null}
              {(['unit', 'tower', 'floor', 'type', 'state', 'responsible', 'scheduled', 'delivered', 'pending_failures'] as const).map((c) => (
                <Table.ColumnHeader key={c} whiteSpace="nowrap" hideBelow={c === 'floor' || c === 'type' || c === 'responsible' ? 'md' : undefined}>{t(`deliveries_ui.columns.${c}`)}</Table.ColumnHeader>
              ))}
            </Table.Row></Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid="ficha-row">
                  {canManage ? (
                    <Table.Cell>
                      <Checkbox.Root size="sm" checked={selected.includes(r.id)} aria-label={t('deliveries_ui.unit_label', { number: r.unit })}
                        onCheckedChange={() => apply(toggleUnit(selected, r.id))} data-testid={`select-${r.id}`}>
                        <Checkbox.HiddenInput /><Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell><Link asChild colorPalette="brand" fontWeight="medium"><RouterLink to={`/warranties/ficha/${r.id}`}>{r.unit}</RouterLink></Link></Table.Cell>
                  <Table.Cell>{r.tower?.name ?? '—'}</Table.Cell>
                  <Table.Cell hideBelow="md">{r.floor ? r.floor.name ?? r.floor.number : '—'}</Table.Cell>
                  <Table.Cell hideBelow="md">{r.unit_type?.name ?? '—'}</Table.Cell>
                  <Table.Cell><FichaStateTag state={r.state} /></Table.Cell>
                  <Table.Cell hideBelow="md">{r.responsible?.full_name ?? '—'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateTimeText(r.scheduled_delivery_at, i18n.language) || '—'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateText(r.delivery_date, i18n.language) || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{r.pending_failures}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {rows.length === 0 ? <Text p="4" color="fg.muted">{t('deliveries_ui.empty')}</Text> : null}
        </Box>
      )}</QueryState>
      <TablePagination page={page} total={query.data?.total ?? 0} onPageChange={setPage} isDisabled={query.isFetching} />
      <BulkScheduleDialog open={scheduling} projectId={projectId} unitIds={selected} onClose={() => setScheduling(false)}
        onDone={() => { setScheduling(false); apply({ selected: [], refused: false }); }} />
    </Stack>
  );
}
