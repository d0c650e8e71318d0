import type { PermissionSet } from '#domain/permissions';
import { areaOfPath, chainAllowed, matchTable } from './route-tree.ts';
import type { AreaRoute } from './routes.tsx';

/**
 * SPEC §2: the last visited route of each module is remembered (session metadata in browser
 * storage) and restored when the module is opened; a route that no longer exists, or that the user
 * may no longer open, falls back to the module default.
 */

/** The area and path to remember for a location, or undefined when it is not worth remembering. */
export function routeToRemember(pathname: string, search = ''): { area: AreaRoute; path: string } | undefined {
  const area = areaOfPath(pathname);
  if (!area?.remembers) return undefined;
  const clean = pathname.replace(/\/+$/, '');
  if (clean === area.path) return undefined; // the entry itself: it redirects, nothing to restore
  if (!matchTable(clean)) return undefined; // unknown paths go to the catch-all; never restore them
  return { area, path: clean + search };
}

export function defaultEntry(area: AreaRoute): string {
  return area.defaultChild ? `${area.path}/${area.defaultChild}` : area.path;
}

/** Where opening `area` should land, given what was stored for it. */
export function resolveModuleEntry(area: AreaRoute, stored: string | undefined, permissions: PermissionSet): string {
  if (!stored || !area.remembers) return defaultEntry(area);
  const [pathname] = stored.split(/[?#]/, 1);
  if (!pathname.startsWith(`${area.path}/`)) return defaultEntry(area);
  const chain = matchTable(pathname);
  if (!chain || chain[0].area !== area || !chainAllowed(chain, permissions)) return defaultEntry(area);
  return stored;
}
