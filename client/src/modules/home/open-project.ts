import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { navAreas } from '../../shared/route-manifest.ts';
import { permissionsOf, useAuthUser, type ProjectOption } from '../../api/session/auth-user.ts';
import { session } from '../../shared/session/session-store.ts';
import { projectStatusOf } from '../../widgets/project-select.tsx';

/**
 * Opening a project from the home makes it the current project (top-bar select, proyecto_id) and
 * opens the first module the user may use; with no module, the user stays on the home.
 */
export function useOpenProject() {
  const navigate = useNavigate();
  const { data: user } = useAuthUser();
  return useCallback(
    (project: Pick<ProjectOption, 'id' | 'is_closed' | 'is_blocked'>) => {
      if (projectStatusOf(project)) return;
      session.setProject(project.id);
      const module = navAreas(permissionsOf(user)).find((a) => a.area !== 'home' && a.area !== 'config');
      if (module) navigate(module.path);
    },
    [navigate, user],
  );
}
