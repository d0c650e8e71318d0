import { Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '#domain/billing-responses';
import { formatNumber } from '../../../shared/format.ts';
import { limitEntries, megabytesText, type LimitEntry } from '../billing-figures.ts';
import { UseBar } from './use-bar.tsx';

const T = 'billing.page.limits';

/** "12 / 15" or "12 · sin límite". */
function limitText(entry: { used: number; limit: number | null }, t: TFunction) {
  return entry.limit === null
    ? t(`${T}.unlimited`, { used: formatNumber(entry.used) })
    : t(`${T}.used_of`, { used: formatNumber(entry.used), limit: formatNumber(entry.limit) });
}

/**
 * The active-user limits (docs/product.md §6: company, each project group, each project) with how many active staff
 * users take each, and the storage used against the plan's quota.
 */
export function LimitsCard({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation();
  const entries = limitEntries(overview.limits);
  const scoped = (scope: LimitEntry['scope']) => entries.filter((e) => e.scope === scope);
  const company = entries[0];
  const { used_mb, quota_mb } = overview.storage;
  return (
    <Card.Root as="section" aria-labelledby="billing-limits-title" data-testid="billing-limits">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="billing-limits-title">
          {t(`${T}.title`)}
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <Stack gap="1">
            <Text fontWeight="medium">{t(`${T}.company`)}</Text>
            <UseBar use={company} text={limitText(company, t)} label={t(`${T}.company`)} testId="limit-company" />
          </Stack>
          <Stack gap="1">
            <Text fontWeight="medium">{t(`${T}.storage`)}</Text>
            <UseBar
              use={{ used: used_mb, limit: quota_mb }}
              text={
                quota_mb === null
                  ? t(`${T}.storage_no_quota`, { used: megabytesText(used_mb) })
                  : t(`${T}.used_of`, { used: megabytesText(used_mb), limit: megabytesText(quota_mb) })
              }
              label={t(`${T}.storage`)}
              testId="limit-storage"
            />
          </Stack>
        </Grid>
        {(['group', 'project'] as const).map((scope) => {
          const rows = scoped(scope);
          if (!rows.length) return null;
          return (
            <Stack key={scope} gap="2" data-testid={`limits-${scope}`}>
              <Text fontWeight="medium">{t(`${T}.${scope}s`)}</Text>
              <Grid
                templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }}
                gap="3"
              >
                {rows.map((row) => (
                  <Stack key={row.id} gap="0.5" minW="0">
                    <Text textStyle="sm" truncate title={row.name ?? undefined}>
                      {row.name}
                    </Text>
                    <UseBar use={row} text={limitText(row, t)} label={row.name ?? ''} testId={`limit-${scope}`} />
                  </Stack>
                ))}
              </Grid>
            </Stack>
          );
        })}
      </Card.Body>
    </Card.Root>
  );
}
