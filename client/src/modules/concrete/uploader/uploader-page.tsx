import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONCRETE_EDIT } from '#domain/concrete';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { useConcreteLive } from '../api/live-sync.ts';
import { ConcreteProjectSelect } from '../components/concrete-project-select.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';
import { DocumentsCard } from './documents-card.tsx';
import { ModelCard } from './model-card.tsx';

/** concrete/uploader: the project's Concrete model and, under it, its supporting documents (PDFs). */
export function ConcreteUploaderPage() {
  const { t } = useTranslation();
  const { projectId } = useSessionProject();
  useConcreteLive(projectId);
  const canEdit = useCan(CONCRETE_EDIT);
  return (
    <Stack gap="4" p={{ base: '2', md: '4' }}>
      <PageHeader title={t('concrete.uploader.title')} actions={<ConcreteProjectSelect />} />
      {projectId === null ? (
        <Text color="fg.muted">{t('concrete.uploader.pick_project')}</Text>
      ) : (
        <Stack key={projectId} gap="4">
          <ModelCard projectId={projectId} canEdit={canEdit} />
          <DocumentsCard projectId={projectId} canEdit={canEdit} />
        </Stack>
      )}
    </Stack>
  );
}
