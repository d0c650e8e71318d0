import type { ReactNode } from 'react';
import { Badge, Box, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { statisticsQuery } from '../api/boards-api.ts';
import { useAfterSalesLive } from '../api/use-after-sales-live.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { BarChart } from '../../../widgets/charts/index.ts';
import { DashboardFilters, useDashboardFilters } from './dashboard-nav.tsx';

const SEVERITY_COLORS: Record<string, string> = { leve: '#eab308', moderada: '#ea580c', grave: '#dc2626' };

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <Heading as="h2" size="sm" mb="3">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** estadisticas (docs/product.md#dashboards): failures by place, item and severity; recurrence by unit type. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const filters = useDashboardFilters();
  const { date_field: _field, ...args } = filters.query;
  const query = useQuery(statisticsQuery(args));
  useAfterSalesLive(filters.query.project_id);
  const failures = [{ key: 'value', label: t('after_sales_ui.tabs.fallas') }];
  const empty = (
    <Text color="fg.muted" textStyle="sm">
      {t('after_sales_ui.stats.empty')}
    </Text>
  );
  return (
    <Box>
      <PageHeader title={t('routes.warranties.estadisticas.title')} actions={<DashboardFilters filters={filters} />} />
      <QueryState query={query}>
        {(data) => (
          <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
            <Panel title={t('after_sales_ui.stats.by_place')} testId="stats-place">
              {data.by_place.length ? (
                <BarChart
                  label={t('after_sales_ui.stats.by_place')}
                  horizontal
                  xKey="label"
                  series={failures}
                  data={data.by_place.slice(0, 15).map((r) => ({ label: r.name, value: r.n }))}
                />
              ) : (
                empty
              )}
            </Panel>
            <Panel title={t('after_sales_ui.stats.by_item')} testId="stats-item">
              {data.by_item.length ? (
                <BarChart
                  label={t('after_sales_ui.stats.by_item')}
                  horizontal
                  xKey="label"
                  series={failures}
                  data={data.by_item.slice(0, 15).map((r) => ({
                    label: `${r.name} (${t(`after_sales.categories.${r.category}`, { defaultValue: r.category })})`,
                    value: r.n,
                  }))}
                />
              ) : (
                empty
              )}
            </Panel>
            <Panel title={t('after_sales_ui.stats.by_severity')} testId="stats-severity">
              {data.by_severity.length ? (
                <BarChart
                  label={t('after_sales_ui.stats.by_severity')}
                  horizontal
                  xKey="label"
                  colorKey="color"
                  series={failures}
                  data={data.by_severity.map((r) => ({
                    label: t(`after_sales.severities.${r.name}`, { defaultValue: r.name }),
                    value: r.n,
                    color: SEVERITY_COLORS[r.name],
                  }))}
                />
              ) : (
                empty
              )}
            </Panel>
            <Panel title={t('after_sales_ui.stats.recurrence')} testId="stats-recurrence">
              {!data.recurrence_by_unit_type.length ? (
                empty
              ) : (
                <Stack gap="4">
                  <BarChart
                    label={t('after_sales_ui.stats.recurrence')}
                    horizontal
                    xKey="label"
                    series={[{ key: 'value', label: t('after_sales_ui.stats.per_unit'), color: '#7c3aed' }]}
                    data={data.recurrence_by_unit_type.map((r) => ({
                      label: `${r.unit_type.name || '—'} · ${t('after_sales_ui.stats.per_unit_hint', { failures: r.failures, units: r.units })}`,
                      value: r.failures_per_unit,
                    }))}
                  />
                  {data.recurrence_by_unit_type
                    .filter((r) => r.recurrent_details.length)
                    .map((r) => (
                      <Box key={r.unit_type.id}>
                        <Text fontWeight="medium" textStyle="sm">
                          {r.unit_type.name}
                        </Text>
                        <Stack gap="1" mt="1">
                          {r.recurrent_details.map((d) => (
                            <HStack
                              key={`${d.place}-${d.item}-${d.detail}`}
                              justify="space-between"
                              textStyle="sm"
                              gap="2"
                            >
                              <Text truncate>
                                {d.place} › {d.item} › {d.detail}
                              </Text>
                              <Badge variant="subtle" flexShrink={0}>
                                {t('after_sales_ui.stats.in_units', { count: d.units, failures: formatNumber(d.n) })}
                              </Badge>
                            </HStack>
                          ))}
                        </Stack>
                      </Box>
                    ))}
                </Stack>
              )}
            </Panel>
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
