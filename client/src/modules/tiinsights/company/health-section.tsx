import { Box, Card, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { CompanyHealthDetail } from '#domain/insights-responses';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { LineChart } from '../../../widgets/charts/index.ts';
import { Figure, megabytesText } from '../../billing/index.ts';
import { lagText, msText, percentText } from '../companies/health-figures.ts';
import { HealthLevelTag } from '../components/health-level-tag.tsx';

const T = 'tiinsights.company.health';

/** A company's service over the last hours: its figures, requests and server errors per hour, its webhook failures. */
export function HealthSection({ detail }: { detail: CompanyHealthDetail }) {
  const { t, i18n } = useTranslation();
  const h = detail.health;
  const whole = (n: number) => formatNumber(n, { precision: 0 });
  const locale = i18n.language.startsWith('pt') ? 'pt-BR' : 'es';
  const hours = detail.hours.map((x) => ({ hour: x.hour, requests: x.requests, server_errors: x.server_errors }));
  return (
    <Card.Root as="section" aria-labelledby="company-health-title" data-testid="company-health">
      <Card.Body gap="4">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id="company-health-title">
            {t(`${T}.title`, { hours: INSIGHTS_LIMITS.healthHours })}
          </Heading>
          <HealthLevelTag level={h.level} />
        </HStack>
        <Grid
          templateColumns={{
            base: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            xl: 'repeat(8, minmax(0, 1fr))',
          }}
          gap="3"
        >
          <Figure label={t('tiinsights.companies.columns.requests')}>{whole(h.requests)}</Figure>
          <Figure label={t('tiinsights.companies.columns.error_rate')}>{percentText(h.error_rate)}</Figure>
          <Figure label={t('tiinsights.companies.columns.slow_rate')}>{percentText(h.slow_rate)}</Figure>
          <Figure
            label={t('tiinsights.companies.columns.avg_ms')}
          >{`${msText(h.avg_ms)} · ${t(`${T}.max`, { ms: msText(h.max_ms) })}`}</Figure>
          <Figure label={t('tiinsights.companies.columns.outbox')}>
            {t('tiinsights.companies.outbox_value', {
              pending: whole(h.outbox_pending),
              lag: lagText(h.outbox_lag_seconds),
            })}
          </Figure>
          <Figure label={t('tiinsights.companies.columns.webhook_failures')}>{whole(h.webhook_failures)}</Figure>
          <Figure label={t('tiinsights.companies.columns.storage')}>{megabytesText(h.storage_mb)}</Figure>
          <Figure label={t('tiinsights.companies.columns.active_users')}>{whole(h.active_users)}</Figure>
        </Grid>
        {hours.length ? (
          <LineChart
            data={hours}
            xKey="hour"
            series={[
              { key: 'requests', label: t(`${T}.requests`) },
              { key: 'server_errors', label: t(`${T}.server_errors`), color: '#c0392b' },
            ]}
            label={t(`${T}.chart`)}
            xLabel={t(`${T}.hour`)}
            height={220}
            valueFormat={(v: number) => whole(v)}
            xFormat={(x: string) => formatDate(x, locale, { hour: '2-digit', minute: '2-digit' })}
            testId="company-health-chart"
          />
        ) : (
          <Text color="fg.muted">{t(`${T}.no_requests`)}</Text>
        )}
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t(`${T}.failures_title`)}
          </Heading>
          {detail.webhook_failures.length === 0 ? (
            <Text color="fg.muted" textStyle="sm" data-testid="webhook-failures-empty">
              {t(`${T}.no_failures`)}
            </Text>
          ) : (
            <Box overflowX="auto" borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" data-testid="webhook-failures">
                <Table.Header>
                  <Table.Row>
                    {(['event', 'url', 'attempts', 'at'] as const).map((c) => (
                      <Table.ColumnHeader key={c} textAlign={c === 'attempts' ? 'end' : undefined}>
                        {t(`${T}.failures.${c}`)}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {detail.webhook_failures.map((f) => (
                    <Table.Row key={f.id}>
                      <Table.Cell whiteSpace="nowrap">{f.event}</Table.Cell>
                      <Table.Cell maxW="360px" truncate title={f.url}>
                        {f.url}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{whole(f.attempts)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{dateTimeText(f.at, i18n.language)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
