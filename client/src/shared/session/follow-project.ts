import { useEffect } from 'react';
import { session } from './session-store.ts';

/**
 * A record opened from another of the user's projects (a ticket, a ficha reached from the agenda or a list over
 * several projects) makes that project the top bar's, so the project select and the proyecto_id param of module
 * calls (docs/product.md §7) agree with what is on screen.
 */
export function useFollowProject(projectId: number | null | undefined) {
  useEffect(() => {
    if (projectId && projectId !== session.get().projectId) session.setProject(projectId);
  }, [projectId]);
}
