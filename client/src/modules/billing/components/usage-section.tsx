import { Box, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { USAGE_METRICS, type UsageMetric } from '#domain/billing';
import type { MonthUsage } from '#domain/billing-responses';
import { formatNumber } from '../../../shared/format.ts';
import { isOver, megabytesText, periodText } from '../billing-figures.ts';
import { OverPlanTag } from './invoice-state-tag.tsx';
import { OVER_COLOR } from './use-bar.tsx';
import { UsageChart } from './usage-chart.tsx';

const T = 'billing.page.usage';

const figureText = (metric: UsageMetric, value: number) =>
  metric === 'storage_mb' ? megabytesText(value) : formatNumber(value, { precision: 0 });

/**
 * The last months' usage (newest first, the current month so far included): a chart of active users per month and
 * the four figures per month, each figure over the plan (domain/billing.ts overPlan) highlighted and tagged.
 */
export function UsageSection({ usage }: { usage: MonthUsage[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root as="section" aria-labelledby="billing-usage-title" data-testid="billing-usage">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="billing-usage-title">
          {t(`${T}.title`, { count: usage.length })}
        </Heading>
        {usage.length === 0 ? (
          <Text color="fg.muted">{t(`${T}.empty`)}</Text>
        ) : (
          <>
            <UsageChart usage={usage} />
            <Box overflowX="auto" borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" data-testid="billing-usage-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t(`${T}.period`)}</Table.ColumnHeader>
                    {USAGE_METRICS.map((m) => (
                      <Table.ColumnHeader key={m} textAlign="end">
                        {t(`${T}.metrics.${m}`)}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {usage.map((month) => (
                    <Table.Row key={month.period} data-testid="usage-row" data-period={month.period}>
                      <Table.Cell whiteSpace="nowrap">{periodText(month.period, i18n.language)}</Table.Cell>
                      {USAGE_METRICS.map((m) => {
                        const over = isOver(month, m);
                        return (
                          <Table.Cell key={m} textAlign="end" whiteSpace="nowrap" data-over={over || undefined}>
                            <HStack gap="1.5" justify="end">
                              {over ? <OverPlanTag /> : null}
                              <Text
                                as="span"
                                color={over ? OVER_COLOR : undefined}
                                fontWeight={over ? 'semibold' : undefined}
                              >
                                {figureText(m, month[m])}
                              </Text>
                            </HStack>
                          </Table.Cell>
                        );
                      })}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
