import { Box } from '@chakra-ui/react';
import { TasksPanel } from './tasks-panel.tsx';

/** /home/tareas: my tasks on their own page. */
export function TareasPage() {
  return (
    <Box maxW="3xl">
      <TasksPanel />
    </Box>
  );
}
