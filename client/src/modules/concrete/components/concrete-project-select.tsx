import { Box } from '@chakra-ui/react';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';

/** The project a concrete screen shows, picked beside its title (narrow, so the title keeps its room). */
export function ConcreteProjectSelect() {
  const { projectId, projects, setProject } = useSessionProject();
  return (
    <Box w={{ base: 'full', md: '320px' }}>
      <ProjectSelect projects={projects} value={projectId} onChange={setProject} />
    </Box>
  );
}
