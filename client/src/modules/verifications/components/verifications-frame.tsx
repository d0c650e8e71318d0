import type { ReactNode } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { useVerificationsLive } from '../api/live-sync.ts';

export const VERIFICATIONS_BASE = '/verifications';

/**
 * /verifications' three screens, one route each (the Gantt of the program, the program and its upload, the
 * follow-ups), of the project picked beside the title; the screen follows that project's events. `children`
 * renders the open screen for the project.
 */
export function VerificationsFrame({ children }: { children: (projectId: number) => ReactNode }) {
  const { t } = useTranslation();
  const { projectId, projects, setProject } = useSessionProject();
  useVerificationsLive(projectId);
  const tabs = [
    { value: 'gantt', label: t('routes.verifications.gantt.title') },
    { value: 'uploader', label: t('routes.verifications.uploader.title') },
    { value: 'seguimientos', label: t('routes.verifications.seguimientos.title') },
  ];
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }} minW="0">
      <PageHeader
        title={t('routes.verifications.title')}
        actions={
          <Box w={{ base: 'full', md: '320px' }}>
            <ProjectSelect projects={projects} value={projectId} onChange={setProject} />
          </Box>
        }
      />
      <RouteTabs base={VERIFICATIONS_BASE} tabs={tabs}>
        {projectId === null ? <Text color="fg.muted">{t('verifications_ui.pick_project')}</Text> : children(projectId)}
      </RouteTabs>
    </Stack>
  );
}
