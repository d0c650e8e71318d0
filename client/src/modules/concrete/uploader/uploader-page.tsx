import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONCRETE_EDIT } from '#domain/concrete';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { useConcreteLive } from '../api/live-sync.ts';
import { useConcreteProject } from '../components/use-concrete-project.ts';
import { ModelCard } from './model-card.tsx';

/** concrete/uploader: the project's Concrete model (its supporting PDFs are still to come). */
export function ConcreteUploaderPage() {
  const { t } = useTranslation();
  const { projectId, projects, setProject } = useConcreteProject();
  useConcreteLive(projectId);
  const canEdit = useCan(CONCRETE_EDIT);
  return (
    <Stack gap="4" p={{ base: '2', md: '4' }}>
      <PageHeader
        title={t('concrete.uploader.title')}
        actions={<ProjectSelect projects={projects} value={projectId} onChange={setProject} />}
      />
      {projectId === null ? (
        <Text color="fg.muted">{t('concrete.uploader.pick_project')}</Text>
      ) : (
        <Stack key={projectId} gap="4">
          <ModelCard projectId={projectId} canEdit={canEdit} />
        </Stack>
      )}
    </Stack>
  );
}
