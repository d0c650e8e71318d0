import type { PermissionSet } from '#domain/permissions';
import { areaOfPath, chainAllowed, matchTable } from './route-tree.ts';
import type { AreaRoute } from './route-manifest.ts';

/**
 * docs/product.md §2: the last visited route of each module is remembered (session metadata in browser
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

/** Whether the user may open the route at `path` (every permission along its chain holds); a query or hash is ignored. */
export function mayOpen(path: string, permissions: PermissionSet): boolean {
  const chain = matchTable(path.split(/[?#]/, 1)[0]);
  return Boolean(chain && chainAllowed(chain, permissions));
}

/**
 * The area's default route. With the user's permissions, a default child they may not open gives way
 * to the first child (in table order, without params) they may open: an area open to several
 * profiles (warranties: deliveries or after-sales) lands each on a screen of their own.
 */
export function defaultEntry(area: AreaRoute, permissions?: PermissionSet): string {
  if (!area.defaultChild) return area.path;
  const preferred = `${area.path}/${area.defaultChild}`;
  if (permissions === undefined || mayOpen(preferred, permissions)) return preferred;
  const first = area.children?.find(
    (c) => c.path && !c.path.includes(':') && mayOpen(`${area.path}/${c.path}`, permissions),
  );
  return first ? `${area.path}/${first.path}` : preferred;
}

/** Where opening `area` should land, given what was stored for it. */
export function resolveModuleEntry(area: AreaRoute, stored: string | undefined, permissions: PermissionSet): string {
  const fallback = defaultEntry(area, permissions);
  if (!stored || !area.remembers) return fallback;
  const [pathname] = stored.split(/[?#]/, 1);
  if (!pathname.startsWith(`${area.path}/`)) return fallback;
  const chain = matchTable(pathname);
  if (!chain || chain[0].area !== area || !chainAllowed(chain, permissions)) return fallback;
  return stored;
}
