import { useAuthUser } from '../api/session/auth-user.ts';
import { session, useSession } from '../shared/session/session-store.ts';

/**
 * The project a module's screen shows (quality, concrete, verifications): the session's (top bar) project when the user has it, else the first active
 * one; picking another writes it back to the session, so the top bar and the other screens follow.
 */
export function useSessionProject() {
  const sessionProject = useSession((s) => s.projectId);
  const { data: user } = useAuthUser();
  const projects = user?.proyectos ?? [];
  const chosen = projects.find((p) => p.id === sessionProject) ?? projects.find((p) => !p.is_closed && !p.is_blocked);
  return {
    projectId: chosen?.id ?? null,
    projects,
    setProject: (id: number | null) => session.setProject(id),
    loaded: user !== undefined,
  };
}
