import { useCallback } from 'react';
import { Alert, Box, Card, HStack, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BATCH_STATES } from '#domain/concrete-placements';
import type { BatchRow } from '#domain/concrete-placements-responses';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { dateText } from '../../../widgets/date-text.ts';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { batchListQuery } from '../api/placements.ts';
import { BatchStateTag } from '../components/work-state-tags.tsx';
import { mpa } from '../config/rule-text.ts';
import { PlacementsFrame } from '../placements/placements-tabs.tsx';
import { batchHref } from '../placements/placements-table.tsx';

const T = 'concrete.batches.list';
const ROWS = 50;

/** concrete/placements/lotes: the project's batches, newest first, with their m3, results and verdict. */
export function BatchesPage() {
  return <PlacementsFrame>{(projectId) => <ProjectBatches key={projectId} projectId={projectId} />}</PlacementsFrame>;
}

function ProjectBatches({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const states = (params.get('state') ?? '').split(',').filter((s) => (BATCH_STATES as readonly string[]).includes(s));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = useCallback(
    (patch: { state?: string[]; page?: number }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (patch.state) {
            if (patch.state.length) next.set('state', patch.state.join(','));
            else next.delete('state');
            next.delete('page');
          }
          if (patch.page !== undefined) {
            if (patch.page > 1) next.set('page', String(patch.page));
            else next.delete('page');
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const list = useQuery({
    ...batchListQuery({ project_id: projectId, state: states.join(',') || undefined, page, rows: ROWS }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  return (
    <Box>
      <HStack mb="3">
        <MultiSelectFilter
          label={t(`${T}.state`)}
          options={BATCH_STATES.map((s) => ({ value: s, label: t(`machines.batch.states.${s}`) }))}
          value={states}
          onChange={(state) => update({ state })}
        />
      </HStack>
      {list.isPending ? (
        <PageSpinner minH="40vh" />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('common.error_default')}</Alert.Title>
        </Alert.Root>
      ) : rows.length === 0 ? (
        <Alert.Root status="info" data-testid="batches-empty">
          <Alert.Indicator />
          <Alert.Title>{t(`${T}.empty`)}</Alert.Title>
        </Alert.Root>
      ) : (
        <BatchesTable rows={rows} />
      )}
      <TablePagination
        page={page}
        total={list.data?.total ?? 0}
        rowsPerPage={ROWS}
        onPageChange={(p) => update({ page: p })}
        isDisabled={list.isFetching}
      />
    </Box>
  );
}

function BatchesTable({ rows }: { rows: BatchRow[] }) {
  const { t, i18n } = useTranslation();
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const day = (d: string) => dateText(d, i18n.language);
  const name = (b: BatchRow) => t('concrete.batches.number', { number: b.number });
  const results = (b: BatchRow) => (b.samples_count ? `${b.tested_count}/${b.samples_count}` : '—');
  if (compact)
    return (
      <Stack gap="2" data-testid="batches-cards">
        {rows.map((b) => (
          <Card.Root key={b.id} size="sm" data-testid="batch-row">
            <Card.Body gap="1" p="3">
              <HStack justify="space-between">
                <Link asChild fontWeight="semibold">
                  <RouterLink to={batchHref(b.id)}>{`${name(b)} · ${b.concrete_type.designation}`}</RouterLink>
                </Link>
                <BatchStateTag state={b.state} />
              </HStack>
              <Text textStyle="sm">
                {t(`${T}.m3_of`, { m3: mpa(b.m3), max: mpa(b.m3_max) })} ·{' '}
                {t(`${T}.placements`, { count: b.placement_count })}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {`${day(b.opened_on)} – ${day(b.closes_on)} · ${t(`${T}.results`)} ${results(b)}`}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="batches-table">
        <Table.Header>
          <Table.Row>
            {['number', 'type', 'state', 'm3', 'placements', 'opened_on', 'closes_on', 'results', 'mean'].map((k) => (
              <Table.ColumnHeader key={k}>{t(`${T}.columns.${k}`)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((b) => (
            <Table.Row key={b.id} data-testid="batch-row">
              <Table.Cell>
                <Link asChild fontWeight="medium">
                  <RouterLink to={batchHref(b.id)}>{name(b)}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{b.concrete_type.designation}</Table.Cell>
              <Table.Cell>
                <BatchStateTag state={b.state} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{t(`${T}.m3_of`, { m3: mpa(b.m3), max: mpa(b.m3_max) })}</Table.Cell>
              <Table.Cell>{b.placement_count}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{day(b.opened_on)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{day(b.closes_on)}</Table.Cell>
              <Table.Cell>{results(b)}</Table.Cell>
              <Table.Cell>{b.verdict ? `${mpa(b.verdict.mean)} MPa` : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
