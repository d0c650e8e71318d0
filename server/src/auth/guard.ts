import type { Context, MiddlewareHandler } from 'hono';
import { can, MODULE_PERMISSIONS, type ModuleName } from '#domain/permissions';
import type { AppEnv, SessionUser } from '../http/context.ts';
import { forbidden, notFound, unauthenticated } from '../lib/errors.ts';

/** Routes behind this need a signed-in staff user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
};

/** SPEC §6 expressions ('a|b', 'a&b', '!a'), checked on the server with the client's evaluator. */
export const requirePermission = (expression: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  if (!can(user.permissions, expression)) throw forbidden();
  await next();
};

/**
 * Route enforcement per module (SPEC §2 Permission column, §6): a module router starts with
 * `.use(moduleGuard('warranties'))`; a caller without a session gets 401, one whose profile lacks
 * the module's permission expression 403. Modules without a permission (home, config, auth,
 * ocinsights) only need a session. Evaluated with the client's evaluator, so a hidden menu entry
 * and a refused call never disagree.
 */
export function moduleGuard(module: ModuleName): MiddlewareHandler<AppEnv> {
  const expression: string | undefined = (MODULE_PERMISSIONS as Record<string, string>)[module];
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (expression !== undefined && !can(user.permissions, expression)) throw forbidden();
    await next();
  };
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
