import { useAuthUser } from '../../../api/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';

/** The project the configuration applies to: the session's (top bar) project, if the user has it. */
export function useConfigProject() {
  const projectId = useSession((s) => s.projectId);
  const { data: user } = useAuthUser();
  const projects = user?.proyectos ?? [];
  return {
    projectId: projects.some((p) => p.id === projectId) ? projectId : null,
    projects,
    country: user?.company.country ?? 'CL',
  };
}
