import type { Context, MiddlewareHandler } from 'hono';
import { can, MODULE_PERMISSIONS, type ModuleName } from '#domain/permissions';
import type { AppEnv, SessionUser } from '../http/context.ts';
import { forbidden, notFound, unauthenticated } from '../lib/errors.ts';
import { declareGuard } from '../http/route-table.ts';

/** Routes behind this need a signed-in user, staff or owner. */
export const requireUser: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'user' }, async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
});

/** Staff screens only: owner accounts use the portal routes. */
export const requireStaff: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'staff' }, async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  if (user.kind !== 'staff') throw forbidden();
  await next();
});

/** Owner portal only: an owner only ever sees their own units' data. */
export const requireOwner: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'owner' }, async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  if (user.kind !== 'owner') throw forbidden();
  await next();
});

/** SPEC §6 expressions ('a|b', 'a&b', '!a'), checked on the server with the client's evaluator. */
export const requirePermission = (expression: string): MiddlewareHandler<AppEnv> =>
  declareGuard({ audience: 'user', permission: expression }, async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (!can(user.permissions, expression)) throw forbidden();
    await next();
  });

/**
 * Route enforcement per module (SPEC §2 Permission column, §6): a module router starts with
 * `.use(moduleGuard('warranties'))`; a caller without a session gets 401, one whose profile lacks
 * the module's permission expression 403. Modules without a permission (home, config, auth,
 * ocinsights) only need a session. Evaluated with the client's evaluator, so a hidden menu entry
 * and a refused call never disagree.
 */
export function moduleGuard(module: ModuleName): MiddlewareHandler<AppEnv> {
  const expression: string | undefined = (MODULE_PERMISSIONS as Record<string, string>)[module];
  return declareGuard({ audience: 'user', permission: expression }, async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (expression !== undefined && !can(user.permissions, expression)) throw forbidden();
    await next();
  });
}

export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** A project id the caller may not see is a 404, never a hint that it exists (DESIGN §4). */
export function assertProjectVisible(user: SessionUser, projectId: number): void {
  if (!user.projectIds.includes(projectId)) throw notFound();
}
