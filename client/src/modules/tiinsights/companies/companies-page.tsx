import { useState } from 'react';
import { Box, Button, ButtonGroup, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { HEALTH_LEVELS, type HealthLevel } from '#domain/insights';
import type { CompanyHealth } from '#domain/insights-responses';
import { formatNumber } from '../../../shared/format.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { megabytesText } from '../../billing/index.ts';
import { companiesHealthQuery } from '../api/tiinsights-api.ts';
import { HealthLevelTag } from '../components/health-level-tag.tsx';
import { TIINSIGHTS_BASE, TiinsightsFrame, useTiinsightsAccess } from '../components/tiinsights-frame.tsx';
import { lagText, levelCounts, msText, percentText, withLevels, worstFirst } from './health-figures.ts';

const T = 'tiinsights.companies';

export const companyPath = (companyId: number) => `${TIINSIGHTS_BASE}/empresa/${companyId}`;

/**
 * /tiinsights/empresas (ryr): every company's service over the last hours (domain/insights-responses.ts
 * CompanyHealth), worst first, filtered by level; a row opens the company. Someone who only exports (dbdump) is
 * taken to the exports.
 */
export function CompaniesPage() {
  const access = useTiinsightsAccess();
  if (!access.health && access.exports) return <Navigate to={`${TIINSIGHTS_BASE}/exportaciones`} replace />;
  return (
    <TiinsightsFrame>
      <Companies />
    </TiinsightsFrame>
  );
}

type LevelFilter = HealthLevel | 'all';

function Companies() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<LevelFilter>('all');
  const query = useQuery(companiesHealthQuery());
  return (
    <QueryState query={query}>
      {(all) => {
        const counts = levelCounts(all);
        const rows = worstFirst(withLevels(all, level === 'all' ? [] : [level]));
        return (
          <Stack gap="3">
            <ButtonGroup
              size="sm"
              variant="outline"
              attached
              role="group"
              aria-label={t(`${T}.filter`)}
              flexWrap="wrap"
            >
              {(['all', ...[...HEALTH_LEVELS].reverse()] as LevelFilter[]).map((l) => (
                <Button
                  key={l}
                  minH="40px"
                  aria-pressed={level === l}
                  variant={level === l ? 'solid' : 'outline'}
                  onClick={() => setLevel(l)}
                  data-testid={`health-filter-${l}`}
                >
                  {l === 'all'
                    ? t(`${T}.all`, { count: all.length })
                    : t(`${T}.level_count`, { level: t(`tiinsights.levels.${l}`), count: counts[l] })}
                </Button>
              ))}
            </ButtonGroup>
            {rows.length === 0 ? (
              <Text
                color="fg.muted"
                p="6"
                textAlign="center"
                borderWidth="1px"
                borderRadius="md"
                data-testid="companies-empty"
              >
                {t(`${T}.empty`)}
              </Text>
            ) : (
              <CompaniesTable rows={rows} />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

const COLUMNS = [
  'company',
  'level',
  'requests',
  'error_rate',
  'slow_rate',
  'avg_ms',
  'outbox',
  'webhook_failures',
  'storage',
  'active_users',
  'plan',
  'overdue',
] as const;
const NUMERIC = new Set<string>([
  'requests',
  'error_rate',
  'slow_rate',
  'avg_ms',
  'webhook_failures',
  'storage',
  'active_users',
  'overdue',
]);

function CompaniesTable({ rows }: { rows: CompanyHealth[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const whole = (n: number) => formatNumber(n, { precision: 0 });
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive data-testid="companies-table">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader key={c} textAlign={NUMERIC.has(c) ? 'end' : undefined} whiteSpace="nowrap">
                {t(`${T}.columns.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row
              key={r.company.id}
              cursor="pointer"
              onClick={() => navigate(companyPath(r.company.id))}
              data-testid="company-row"
              data-company={r.company.id}
            >
              <Table.Cell fontWeight="medium" minW="160px">
                <Link asChild colorPalette="brand" onClick={(e) => e.stopPropagation()}>
                  <RouterLink to={companyPath(r.company.id)}>{r.company.name}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <HealthLevelTag level={r.level} />
              </Table.Cell>
              <Table.Cell textAlign="end">{whole(r.requests)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {percentText(r.error_rate)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {percentText(r.slow_rate)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {msText(r.avg_ms)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {t(`${T}.outbox_value`, { pending: whole(r.outbox_pending), lag: lagText(r.outbox_lag_seconds) })}
              </Table.Cell>
              <Table.Cell textAlign="end">{whole(r.webhook_failures)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {megabytesText(r.storage_mb)}
              </Table.Cell>
              <Table.Cell textAlign="end">{whole(r.active_users)}</Table.Cell>
              <Table.Cell>
                {r.plan ?? (
                  <Text as="span" color="fg.muted">
                    {t(`${T}.no_plan`)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell
                textAlign="end"
                color={r.overdue_invoices ? 'red.700' : undefined}
                fontWeight={r.overdue_invoices ? 'semibold' : undefined}
              >
                {whole(r.overdue_invoices)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
