import type { Hono, MiddlewareHandler } from 'hono';

/** Who may reach a route, as its guards declare it: the sweeps read this, the guards enforce it. */
export type GuardDeclaration = {
  /** 'user': any session; 'staff' or 'owner': that kind of account only. */
  audience?: 'user' | 'staff' | 'owner';
  /** A docs/product.md §6 permission expression the caller's profile must satisfy. */
  permission?: string;
  /** One expression per value of a path parameter (a verb route: POST …/:action{cerrar|reabrir}). */
  byParam?: ParamPermissions;
};

export type ParamPermissions = { param: string; permissions: Readonly<Record<string, string>> };

export type RouteRow = {
  method: string;
  /** Hono's pattern, e.g. /postventa/solicitudes/:id; a custom regexp stays as written. */
  path: string;
  /** undefined: no session needed (login, recovery, e-mailed links). */
  audience: GuardDeclaration['audience'];
  /** Every expression the caller must satisfy, outermost first. */
  permissions: string[];
  /** Expressions that depend on a parameter's value; `permissionsFor` applies them to one call. */
  byParam?: ParamPermissions[];
};

const declarations = new WeakMap<object, GuardDeclaration>();

/** Marks a guard middleware with what it enforces, so the route table can list it. */
export function declareGuard<E extends object>(
  declaration: GuardDeclaration,
  guard: MiddlewareHandler<E>,
): MiddlewareHandler<E> {
  declarations.set(guard, declaration);
  return guard;
}

const AUDIENCE_RANK = { user: 1, staff: 2, owner: 2 } as const;

function covers(middlewarePath: string, routePath: string) {
  if (middlewarePath === '*' || middlewarePath === '/*') return true;
  if (middlewarePath.endsWith('/*')) {
    const base = middlewarePath.slice(0, -2);
    return routePath === base || routePath.startsWith(`${base}/`);
  }
  return middlewarePath === routePath;
}

/**
 * The routes of a Hono app, one row per method and path, with the guards that stand before each
 * handler: middleware mounted with .use() over the path and middleware listed on the route itself.
 * The permission, isolation and fuzz sweeps are generated from it, so a new route is covered the
 * day it exists.
 */
export function routeTable(app: Hono<any>): RouteRow[] {
  const routes = app.routes.map((route, order) => ({ ...route, order }));
  const byRoute = new Map<string, typeof routes>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), r]);
  }
  const rows: RouteRow[] = [];
  for (const [key, entries] of byRoute) {
    const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    // Hono runs handlers in registration order: middleware mounted after the route's own handler
    // never runs for it (a portal route registered before the staff-only middleware of its prefix).
    const handlerAt = entries[entries.length - 1].order;
    const chain = [
      ...routes.filter((m) => m.method === 'ALL' && m.order < handlerAt && covers(m.path, path)),
      ...entries,
    ];
    let audience: RouteRow['audience'];
    const permissions: string[] = [];
    const byParam: ParamPermissions[] = [];
    for (const { handler } of chain) {
      const declared = declarations.get(handler);
      if (!declared) continue;
      if (declared.audience && (!audience || AUDIENCE_RANK[declared.audience] > AUDIENCE_RANK[audience]))
        audience = declared.audience;
      if (declared.permission && !permissions.includes(declared.permission)) permissions.push(declared.permission);
      if (declared.byParam) byParam.push(declared.byParam);
    }
    rows.push({ method, path, audience, permissions, ...(byParam.length ? { byParam } : {}) });
  }
  return rows;
}

/**
 * The expressions one call of a row must satisfy: the row's own, plus those its parameter values
 * add (`path` is the row's path with parameters chosen or filled, segment for segment).
 */
export function permissionsFor(row: RouteRow, path: string): string[] {
  const pattern = row.path.split('/');
  const values = path.split('/');
  const out = [...row.permissions];
  for (const { param, permissions } of row.byParam ?? []) {
    const i = pattern.findIndex((s) => s === `:${param}` || s.startsWith(`:${param}{`));
    const expression = i >= 0 ? permissions[values[i]] : undefined;
    if (expression && !out.includes(expression)) out.push(expression);
  }
  return out;
}
