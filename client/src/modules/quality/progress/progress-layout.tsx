import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';

const BASE = '/quality/construction-progress';
/** docs/product.md §2 quality construction-progress: list (default), gantt, bim/{modelId?}. */
const TABS = ['list', 'gantt', 'bim'] as const;

/** /quality/construction-progress: the title and one tab per view of the activities, each its own route. */
export function ProgressLayout() {
  const { t } = useTranslation();
  return (
    <Box data-testid="progress-layout">
      <PageHeader title={t('routes.quality.construction-progress.title')} />
      <RouteTabs
        base={BASE}
        tabs={TABS.map((value) => ({ value, label: t(`routes.quality.construction-progress.${value}.title`) }))}
      >
        <Outlet />
      </RouteTabs>
    </Box>
  );
}
