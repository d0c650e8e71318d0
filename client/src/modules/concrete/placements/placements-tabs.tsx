import type { ReactNode } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { useConcreteLive } from '../api/live-sync.ts';
import { ConcreteProjectSelect } from '../components/concrete-project-select.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';

export const PLACEMENTS_BASE = '/concrete/placements';

/**
 * concrete/placements' two lists, one route each (the placements and the batches they form), of the project picked
 * beside the title; the list follows that project's events. `children` renders the open list for the project.
 */
export function PlacementsFrame({ children }: { children: (projectId: number) => ReactNode }) {
  const { t } = useTranslation();
  const { projectId } = useSessionProject();
  useConcreteLive(projectId);
  const tabs = [
    { value: 'list', label: t('routes.concrete.placements.list.title') },
    { value: 'lotes', label: t('routes.concrete.placements.lotes.title') },
  ];
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }}>
      <PageHeader title={t('routes.concrete.placements.title')} actions={<ConcreteProjectSelect />} />
      <RouteTabs base={PLACEMENTS_BASE} tabs={tabs}>
        {projectId === null ? (
          <Text color="fg.muted">{t('concrete.placements.list.pick_project')}</Text>
        ) : (
          children(projectId)
        )}
      </RouteTabs>
    </Stack>
  );
}
