import { memo } from 'react';
import { Box, Card, Grid, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES } from '#domain/schemas/after-sales';
import { TICKET_CREATED_STATES, TICKET_STATE_LETTER, type TicketState } from '#machines/ticket';
import { formatNumber } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { boardQuery } from '../api/boards-api.ts';
import type { RequestsBoard } from '../api/types.ts';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { TICKET_STATE_COLORS, TicketStateTag } from '../components/ticket-state-tag.tsx';
import { BarChart } from '../../../widgets/charts/index.ts';
import { DashboardFilters, DashboardNav, useDashboardFilters } from './dashboard-nav.tsx';
import { Lane } from './board-lane.tsx';

const BOARD_STATES: TicketState[] = [...TICKET_CREATED_STATES, 'finalizada', 'no_aplica'];
const PRIORITY_COLORS = { low: '#9ca3af', medium: '#2b7bd6', high: '#ea580c', urgent: '#dc2626' } as const;

/** The count of each state; like the charts below, rendered again only when its figures change (api/screen-apply.ts keeps them). */
const StateCounts = memo(function StateCounts({ byState }: { byState: RequestsBoard['by_state'] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 2, sm: 4, lg: 7 }} gap="3">
      {BOARD_STATES.map((s) => (
        <Card.Root key={s} size="sm" data-testid={`board-count-${s}`}>
          <Card.Body gap="1">
            <HStack gap="2" minW="0">
              <TicketStateTag state={s} size="sm" />
              {TICKET_STATE_LETTER[s] ? (
                <Text textStyle="xs" color="fg.muted" truncate>
                  {t(`after_sales.states.${s}`)}
                </Text>
              ) : null}
            </HStack>
            <Text textStyle="2xl" fontWeight="bold" data-testid="board-count" style={{ color: TICKET_STATE_COLORS[s] }}>
              {formatNumber(byState[s] ?? 0)}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
});

const PriorityChart = memo(function PriorityChart({ byPriority }: { byPriority: RequestsBoard['by_priority'] }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Heading as="h2" size="sm" mb="3">
          {t('after_sales_ui.board.by_priority')}
        </Heading>
        <BarChart
          testId="board-priority"
          label={t('after_sales_ui.board.by_priority')}
          horizontal
          xKey="label"
          colorKey="color"
          series={[{ key: 'value', label: t('after_sales_ui.list.tickets') }]}
          data={TICKET_PRIORITIES.map((p) => ({
            label: t(`after_sales.priorities.${p}`),
            value: byPriority[p] ?? 0,
            color: PRIORITY_COLORS[p],
          }))}
        />
      </Card.Body>
    </Card.Root>
  );
});

const ResponseChart = memo(function ResponseChart({ response }: { response: RequestsBoard['response'] }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Heading as="h2" size="sm" mb="3">
          {t('after_sales_ui.board.response')}
        </Heading>
        <BarChart
          testId="board-response"
          label={t('after_sales_ui.board.response')}
          horizontal
          stacked
          height={96}
          xKey="label"
          series={[
            { key: 'on_time', label: t('after_sales_ui.board.on_time'), color: '#16a34a' },
            { key: 'overdue', label: t('after_sales_ui.board.overdue'), color: '#dc2626' },
          ]}
          data={[
            {
              label: t('after_sales_ui.list.tickets'),
              on_time: response.on_time,
              overdue: response.overdue,
            },
          ]}
        />
        <Text textStyle="xs" color="fg.muted" mt="2">
          {t('after_sales_ui.board.response_help')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
});

/** dashboard/solicitudes (docs/product.md#dashboards): counts by state and priority, overdue vs response time, lanes per responsible; live. */
export function BoardPage() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const board = useQuery(boardQuery(filters.query));
  useAfterSalesLive(filters.query.project_id);
  return (
    <Box>
      <PageHeader
        title={t('routes.warranties.dashboard.solicitudes.title')}
        actions={<DashboardFilters filters={filters} />}
      />
      <DashboardNav />
      <QueryState query={board}>
        {(data) => (
          <Stack gap="4" data-testid="board" data-updated-at={board.dataUpdatedAt}>
            <StateCounts byState={data.by_state} />
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <PriorityChart byPriority={data.by_priority} />
              <ResponseChart response={data.response} />
            </Grid>
            <Box>
              <Heading as="h2" size="sm" mb="2">
                {t('after_sales_ui.board.lanes')}
              </Heading>
              {!data.lanes.length ? (
                <Text color="fg.muted">{t('after_sales_ui.board.no_open')}</Text>
              ) : (
                <HStack gap="3" align="start" overflowX="auto" pb="2">
                  {data.lanes.map((l) => (
                    <Lane key={l.responsible.id ?? 'none'} lane={l} />
                  ))}
                </HStack>
              )}
            </Box>
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
