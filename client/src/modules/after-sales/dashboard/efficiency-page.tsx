import { Box, Card, Grid, Heading, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { efficiencyQuery } from '../api/boards-api.ts';
import type { Times } from '../api/types.ts';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { BarChart } from '../../../widgets/charts/index.ts';
import { DashboardFilters, DashboardNav, useDashboardFilters } from './dashboard-nav.tsx';

type Row = { key: string; label: string; response: Times; resolution: Times };

const hours = (v: number | null) => (v === null ? '—' : formatNumber(v, { precision: 1 }));

function TimesTable({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <Heading as="h2" size="sm" mb="3">
          {title}
        </Heading>
        <Box mb="4">
          <Text textStyle="xs" color="fg.muted" mb="1">
            {t('after_sales_ui.efficiency.avg_response')}
          </Text>
          <BarChart
            label={`${t('after_sales_ui.efficiency.avg_response')} · ${title}`}
            xLabel={title}
            horizontal
            xKey="label"
            valueFormat={(n) => `${hours(n)} h`}
            series={[{ key: 'value', label: t('after_sales_ui.efficiency.response_avg'), color: '#2b7bd6' }]}
            data={rows
              .filter((r) => r.response.avg_hours !== null)
              .map((r) => ({ label: r.label, value: r.response.avg_hours! }))}
          />
        </Box>
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{title}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('after_sales_ui.efficiency.responded')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('after_sales_ui.efficiency.response_avg')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('after_sales_ui.efficiency.response_median')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('after_sales_ui.efficiency.resolved')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('after_sales_ui.efficiency.resolution_avg')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('after_sales_ui.efficiency.resolution_median')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.key}>
                  <Table.Cell>{r.label}</Table.Cell>
                  <Table.Cell textAlign="end">{r.response.count}</Table.Cell>
                  <Table.Cell textAlign="end">{hours(r.response.avg_hours)}</Table.Cell>
                  <Table.Cell textAlign="end">{hours(r.response.median_hours)}</Table.Cell>
                  <Table.Cell textAlign="end">{r.resolution.count}</Table.Cell>
                  <Table.Cell textAlign="end">{hours(r.resolution.avg_hours)}</Table.Cell>
                  <Table.Cell textAlign="end">{hours(r.resolution.median_hours)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * dashboard/eficiencia (docs/product.md#dashboards): response and resolution times per responsible and project; paused
 * while postponed or waiting on the owner.
 */
export function EfficiencyPage() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const query = useQuery(efficiencyQuery(filters.query));
  useAfterSalesLive(filters.query.project_id);
  return (
    <Box>
      <PageHeader
        title={t('routes.warranties.dashboard.eficiencia.title')}
        subtitle={t('after_sales_ui.efficiency.help')}
        actions={<DashboardFilters filters={filters} />}
      />
      <DashboardNav />
      <QueryState query={query}>
        {(data) => (
          <Grid templateColumns={{ base: '1fr', '2xl': '1fr 1fr' }} gap="4">
            <TimesTable
              title={t('after_sales_ui.filters.responsible')}
              testId="efficiency-responsible"
              rows={data.by_responsible.map((r) => ({
                key: String(r.responsible?.id ?? 'none'),
                label: r.responsible?.full_name || t('after_sales_ui.unassigned'),
                response: r.response,
                resolution: r.resolution,
              }))}
            />
            <TimesTable
              title={t('after_sales_ui.filters.project')}
              testId="efficiency-project"
              rows={data.by_project.map((r) => ({
                key: String(r.project.id),
                label: r.project.name,
                response: r.response,
                resolution: r.resolution,
              }))}
            />
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
