import { useState } from 'react';
import { Grid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { USAGE_INSIGHTS } from '#domain/insights';
import { useAuthUser, useCan } from '../../../api/session/auth-user.ts';
import { NoPermissionPage, PageHeader } from '../../../shared/layout/page-states.tsx';
import { ActiveUsersSection } from './sections/active-users-section.tsx';
import { AdoptionSection } from './sections/adoption-section.tsx';
import { ModuleUsageSection } from './sections/module-usage-section.tsx';
import { NeverSignedInSection } from './sections/never-signed-in-section.tsx';
import { UsageFilters } from './usage-filters.tsx';
import { DEFAULT_USAGE_RANGE, localDay, rangeDays, usageQueryOf, type UsageRange } from './usage-range.ts';

/**
 * /ocinsights/usabilidad (docs/product.md §2, insights_uso): who uses the app and what for — active users per day and
 * week, screens and actions per module, the most used ones, adoption per project and profile, and the accounts that
 * never signed in. Each section reads its own call (server/src/modules/ocinsights/usabilidad/routes.ts).
 */
export function UsabilityPage() {
  const { t } = useTranslation();
  const allowed = useCan(USAGE_INSIGHTS);
  const { data: user } = useAuthUser();
  const [range, setRange] = useState<UsageRange>(DEFAULT_USAGE_RANGE);
  const [projectId, setProjectId] = useState<number | null>(null);
  if (!allowed) return <NoPermissionPage />;
  const days = rangeDays(range, localDay(new Date()));
  const query = days ? usageQueryOf(days, projectId) : null;
  return (
    <Stack gap="4" p={{ base: '2', md: '4' }} minW="0" maxW="1400px" w="full" mx="auto">
      <PageHeader title={t('routes.ocinsights.usabilidad.title')} subtitle={t('ocinsights.subtitle')} />
      <UsageFilters
        range={range}
        onRange={setRange}
        shownDays={days}
        projects={user?.proyectos ?? []}
        projectId={projectId}
        onProject={setProjectId}
      />
      {!query || !days ? (
        <Text color="fg.muted" data-testid="usage-pick-range">
          {t('ocinsights.range.pick')}
        </Text>
      ) : (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <ActiveUsersSection query={query} />
          <ModuleUsageSection query={query} />
          <Grid gridColumn={{ xl: 'span 2' }} minW="0">
            <AdoptionSection days={days} />
          </Grid>
          <Grid gridColumn={{ xl: 'span 2' }} minW="0">
            <NeverSignedInSection />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
