import { useAuthUser } from '../../../api/session/auth-user.ts';
import { session, useSession } from '../../../shared/session/session-store.ts';

/**
 * The project the construction progress shows: the session's (the top bar's, kept in browser storage, and the
 * proyecto_id param of quality calls, docs/product.md §7), if the user still has it. Choosing one here moves the
 * top bar too, so every quality tab and the next visit open on it.
 */
export function useProgressProject() {
  const projectId = useSession((s) => s.projectId);
  const { data: user } = useAuthUser();
  const projects = user?.proyectos ?? [];
  return {
    projectId: projects.some((p) => p.id === projectId) ? projectId : null,
    projects,
    setProject: (id: number | null) => session.setProject(id),
  };
}
