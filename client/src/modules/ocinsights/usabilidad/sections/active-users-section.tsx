import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageQuery } from '#domain/schemas/insights';
import { formatNumber } from '../../../../shared/format.ts';
import { BarChart, LineChart } from '../../../../widgets/charts/index.ts';
import { QueryState } from '../../../../widgets/query-state.tsx';
import { activeUsersQuery } from '../../api/usage-api.ts';
import { shortDay } from '../usage-labels.ts';
import { sharePercent } from '../usage-range.ts';
import { UsageSection } from './usage-section.tsx';

/** Active users per day (a line) and per week (bars), and how many of the staff used the app in the range. */
export function ActiveUsersSection({ query }: { query: UsageQuery }) {
  const { t, i18n } = useTranslation();
  const active = useQuery(activeUsersQuery(query));
  const day = (d: string) => shortDay(i18n.language, d);
  const series = [{ key: 'users', label: t('ocinsights.active.users') }];
  return (
    <UsageSection title={t('ocinsights.active.title')} testId="usage-active">
      <QueryState query={active} minH="240px">
        {(data) => (
          <Stack gap="4" minW="0">
            <Text data-testid="usage-active-total">
              {t('ocinsights.active.total', {
                users: formatNumber(data.users),
                staff: formatNumber(data.staff),
                percent: sharePercent(data.users, data.staff),
              })}
            </Text>
            <Stack gap="1" minW="0">
              <Heading as="h3" size="sm">
                {t('ocinsights.active.daily')}
              </Heading>
              <LineChart
                testId="usage-daily"
                label={t('ocinsights.active.daily')}
                data={data.daily}
                xKey="day"
                xLabel={t('ocinsights.active.day')}
                xFormat={day}
                series={series}
                area
              />
            </Stack>
            <Stack gap="1" minW="0">
              <Heading as="h3" size="sm">
                {t('ocinsights.active.weekly')}
              </Heading>
              <BarChart
                testId="usage-weekly"
                label={t('ocinsights.active.weekly')}
                data={data.weekly}
                xKey="week"
                xLabel={t('ocinsights.active.week')}
                xFormat={(w) => t('ocinsights.active.week_of', { day: day(w) })}
                series={series}
              />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </UsageSection>
  );
}
