import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiV2 } from '../api/clients.ts';
import { commonHeaders } from '../api/http.ts';
import { useAuthUser } from '../api/session/auth-user.ts';
import { matchTable } from '../shared/route-tree.ts';
import { session } from '../shared/session/session-store.ts';
import { createScreenReportQueue, type ScreenEntry, type ScreenReportQueue } from './screen-report-queue.ts';

const PATH = 'ocinsights/uso/pantallas';

/** Areas whose screens are not counted: the sign-in pages, the owners' portal and the public Cbox links. */
const UNCOUNTED_AREAS = new Set(['auth', 'portal', 'cbox-link']);

/**
 * The route manifest name of the screen at `pathname` (client/src/shared/route-manifest.ts), never the path;
 * undefined for an unknown path, an uncounted area, or a node that only redirects to its default child.
 */
export function screenNameOf(pathname: string): string | undefined {
  const chain = matchTable(pathname.replace(/\/+$/, '') || '/');
  const last = chain?.[chain.length - 1];
  if (!last || last.area.isPublic || UNCOUNTED_AREAS.has(last.area.area)) return undefined;
  if (last.node.defaultChild && !last.node.index) return undefined;
  return last.node.name;
}

/** The last batch, sent while the page goes away: fetch keepalive (the API client has no such option). */
function sendOnExit(screens: ScreenEntry[]) {
  void fetch(apiV2.url(PATH), {
    method: 'POST',
    keepalive: true,
    headers: commonHeaders(),
    body: JSON.stringify({ screens }),
  }).catch(() => undefined);
}

const send = (screens: ScreenEntry[]) => apiV2.post(PATH, { screens }, { silent: true });

/**
 * Reports the screens a signed-in staff user opens (docs/product.md §1 usage insights): on each route change the
 * matched route name and the session's project are queued (screen-report-queue.ts). Owners are not counted.
 */
export function useScreenReporting() {
  const { data: user } = useAuthUser();
  const { pathname } = useLocation();
  const staffId = user?.kind === 'staff' ? user.id : null;
  const queueRef = useRef<ScreenReportQueue | undefined>(undefined);

  useEffect(() => {
    if (staffId === null) return;
    const queue = createScreenReportQueue({ send, sendOnExit });
    queue.start();
    queueRef.current = queue;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') queue.flush(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      // Signed out (or the app unmounted): what waits is dropped; the session that would carry it is gone, and a
      // page being closed has already sent it on visibilitychange.
      queue.stop();
      if (queueRef.current === queue) queueRef.current = undefined;
    };
  }, [staffId]);

  useEffect(() => {
    if (staffId === null) return;
    const route = screenNameOf(pathname);
    if (!route) return;
    const projectId = session.get().projectId;
    queueRef.current?.add(projectId ? { route, project_id: projectId } : { route });
  }, [pathname, staffId]);
}
