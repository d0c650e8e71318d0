import { useAuthUser } from '../../../api/session/auth-user.ts';
import { session, useSession } from '../../../shared/session/session-store.ts';

/**
 * The project a concrete screen shows: the session's (top bar) project when the user has it, else the first open
 * one; picking another writes it back to the session (as quality's screens do, quality/models/use-session-project.ts).
 */
export function useConcreteProject() {
  const sessionProject = useSession((s) => s.projectId);
  const { data: user } = useAuthUser();
  const projects = user?.proyectos ?? [];
  const chosen = projects.find((p) => p.id === sessionProject) ?? projects.find((p) => !p.is_closed && !p.is_blocked);
  return { projectId: chosen?.id ?? null, projects, setProject: (id: number | null) => session.setProject(id) };
}
