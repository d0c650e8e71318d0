import { Badge, Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageQuery } from '#domain/schemas/insights';
import { formatNumber } from '../../../../shared/format.ts';
import { BarChart } from '../../../../widgets/charts/index.ts';
import { QueryState } from '../../../../widgets/query-state.tsx';
import { moduleUsageQuery } from '../../api/usage-api.ts';
import { moduleLabel, usageNameLabel } from '../usage-labels.ts';
import { UsageSection } from './usage-section.tsx';

/** Screens opened and actions taken per module (stacked bars), and the most used screens and actions. */
export function ModuleUsageSection({ query }: { query: UsageQuery }) {
  const { t, i18n } = useTranslation();
  const usage = useQuery(moduleUsageQuery(query));
  return (
    <UsageSection title={t('ocinsights.modules.title')} help={t('ocinsights.modules.help')} testId="usage-modules">
      <QueryState query={usage} minH="240px">
        {(data) => (
          <Stack gap="4" minW="0">
            <BarChart
              testId="usage-modules-chart"
              label={t('ocinsights.modules.title')}
              data={data.modules}
              xKey="module"
              xLabel={t('ocinsights.modules.module')}
              xFormat={(m) => moduleLabel(t, m)}
              series={[
                { key: 'screens', label: t('ocinsights.modules.screens') },
                { key: 'actions', label: t('ocinsights.modules.actions') },
              ]}
              stacked
              horizontal
            />
            <Stack gap="1" minW="0">
              <Heading as="h3" size="sm">
                {t('ocinsights.modules.top')}
              </Heading>
              {!data.top.length ? (
                <Text color="fg.muted" textStyle="sm">
                  {t('charts.empty')}
                </Text>
              ) : (
                <Box overflowX="auto">
                  <Table.Root size="sm" data-testid="usage-top">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('ocinsights.modules.name')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('ocinsights.modules.module')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('ocinsights.modules.count')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('ocinsights.active.users')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {data.top.map((row) => {
                        const label = usageNameLabel(i18n, row.kind, row.name);
                        return (
                          <Table.Row key={`${row.kind}-${row.name}`}>
                            <Table.Cell minW="48">
                              <Stack gap="0.5">
                                <Box>
                                  <Badge
                                    size="sm"
                                    variant="subtle"
                                    me="1.5"
                                    colorPalette={row.kind === 'screen' ? 'blue' : 'orange'}
                                  >
                                    {t(`ocinsights.kinds.${row.kind}`)}
                                  </Badge>
                                  <Text as="span" textStyle="sm">
                                    {label}
                                  </Text>
                                </Box>
                                {label !== row.name ? (
                                  <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
                                    {row.name}
                                  </Text>
                                ) : null}
                              </Stack>
                            </Table.Cell>
                            <Table.Cell>{moduleLabel(t, row.module)}</Table.Cell>
                            <Table.Cell textAlign="end">{formatNumber(row.count)}</Table.Cell>
                            <Table.Cell textAlign="end">{formatNumber(row.users)}</Table.Cell>
                          </Table.Row>
                        );
                      })}
                    </Table.Body>
                  </Table.Root>
                </Box>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </UsageSection>
  );
}
