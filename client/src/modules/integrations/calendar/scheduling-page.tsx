import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { FeedsTable } from './feeds-table.tsx';
import { IntegrationStateCard } from './integration-state-card.tsx';
import { MyFeedCard } from './my-feed-card.tsx';

/**
 * config/integraciones/scheduling (docs/product.md §2, the scheduling tool): the integration's state, the
 * administrator's own calendar, and everyone's feeds. The route needs config_integraciones.
 */
export function SchedulingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <PageHeader title={t('integrations_ui.calendar.title')} subtitle={t('integrations_ui.calendar.intro')} />
      <IntegrationStateCard />
      <MyFeedCard />
      <FeedsTable />
    </Stack>
  );
}

/** config/mi-calendario: any staff user's own calendar subscription (the after-sales agenda links here). */
export function MyCalendarPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <PageHeader title={t('integrations_ui.calendar.title')} subtitle={t('integrations_ui.calendar.intro')} />
      <MyFeedCard />
    </Stack>
  );
}
