import { matchRoutes, type RouteObject } from 'react-router';
import { can, type PermissionSet } from '#domain/permissions';
import { ROUTES, type AreaRoute, type RouteNode } from './route-manifest.ts';

/** What a matched route carries: its node and its area (react-router `handle`). */
export type RouteHandle = { node: RouteNode; area: AreaRoute };

/** Route objects with handles and no elements: for matching paths against the table. */
function toMatchObject(node: RouteNode, area: AreaRoute): RouteObject {
  const handle: RouteHandle = { node, area };
  if (node.index) return { index: true, handle };
  const children = node.children?.map((c) => toMatchObject(c, area)) ?? [];
  if (node.defaultChild) children.unshift({ index: true, handle });
  return { path: node.path, handle, children };
}

let matchObjects: RouteObject[] | undefined;
const tableObjects = () => (matchObjects ??= ROUTES.map((a) => toMatchObject(a, a)));

/** The chain of table nodes a path matches, root first; undefined when no docs/product.md §2 route matches. */
export function matchTable(pathname: string): RouteHandle[] | undefined {
  const matches = matchRoutes(tableObjects(), pathname);
  if (!matches?.length) return undefined;
  const handles: RouteHandle[] = [];
  for (const m of matches) {
    const h = m.route.handle as RouteHandle;
    if (handles[handles.length - 1]?.node !== h.node) handles.push(h);
  }
  return handles;
}

/** Params of the deepest docs/product.md §2 route matching the path ({} when none matches). */
export function paramsOf(pathname: string): Record<string, string | undefined> {
  const matches = matchRoutes(tableObjects(), pathname);
  return matches?.length ? matches[matches.length - 1].params : {};
}

/** Every node's permission along the chain must hold (an area permission guards all its children). */
export function chainAllowed(chain: RouteHandle[], permissions: PermissionSet): boolean {
  return chain.every((h) => can(permissions, h.node.permission));
}

export type FlatRoute = {
  fullPath: string;
  name: string;
  area: AreaRoute;
  permissions: string[];
  defaultChild?: string;
  isIndex: boolean;
};

/** Every node of the table with its absolute path (index nodes share their parent's path). */
export function flattenRoutes(routes: readonly AreaRoute[] = ROUTES): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (node: RouteNode, base: string, area: AreaRoute, perms: string[]) => {
    const fullPath = node.index ? base : node.path!.startsWith('/') ? node.path! : `${base}/${node.path}`;
    const permissions = node.permission ? [...perms, node.permission] : perms;
    out.push({
      fullPath,
      name: node.name,
      area,
      permissions,
      defaultChild: node.defaultChild,
      isIndex: Boolean(node.index),
    });
    node.children?.forEach((c) => walk(c, fullPath, area, permissions));
  };
  routes.forEach((a) => walk(a, '', a, []));
  return out;
}

export const areaOfPath = (pathname: string): AreaRoute | undefined => {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return ROUTES.find((a) => a.path === first);
};
