import type { Context, MiddlewareHandler } from 'hono';
import { can, MODULE_PERMISSIONS, type ModuleName } from '#domain/permissions';
import { verbPermissions, type Command, type CommandTable } from '#domain/commands';
import type { AppEnv, SessionUser } from '../http/context.ts';
import { forbidden, notFound, unauthenticated } from '../lib/errors.ts';
import { declareGuard } from '../http/route-table.ts';

/** Routes behind this need a signed-in user, staff or owner. */
export const requireUser: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'user' }, (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  return next();
});

/** Staff screens only: owner accounts use the portal routes. */
export const requireStaff: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'staff' }, (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  if (user.kind !== 'staff') throw forbidden();
  return next();
});

/** Owner portal only: an owner only ever sees their own units' data. */
export const requireOwner: MiddlewareHandler<AppEnv> = declareGuard({ audience: 'owner' }, (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  if (user.kind !== 'owner') throw forbidden();
  return next();
});

/** docs/product.md §6 expressions ('a|b', 'a&b', '!a'), checked on the server with the client's evaluator. */
export const requirePermission = (expression: string): MiddlewareHandler<AppEnv> =>
  declareGuard({ audience: 'user', permission: expression }, (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (!can(user.permissions, expression)) throw forbidden();
    return next();
  });

/**
 * Route enforcement per module (docs/product.md §2 Permission column, §6): a module router starts with
 * `.use(moduleGuard('warranties'))`; a caller without a session gets 401, one whose profile lacks
 * the module's permission expression 403. Modules without a permission (home, config, auth,
 * ocinsights) only need a session. Evaluated with the client's evaluator, so a hidden menu entry
 * and a refused call never disagree.
 */
export function moduleGuard(module: ModuleName): MiddlewareHandler<AppEnv> {
  const expression: string | undefined = (MODULE_PERMISSIONS as Record<string, string>)[module];
  return declareGuard({ audience: 'user', permission: expression }, (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (expression !== undefined && !can(user.permissions, expression)) throw forbidden();
    return next();
  });
}

/**
 * Who sends a machine event: a signed-in user, 'owner' for an owner answering through an e-mailed
 * link or the portal (the token or the unit's ownership was checked before), 'self' for a user acting
 * on a record of their own (the load is scoped to them), or 'system' for the server's own sweeps,
 * which no route can name.
 */
export type CommandActor = SessionUser | 'owner' | 'self' | 'system';

/**
 * The permission check of every machine event (docs/architecture.md §5 step 2), read from the feature's command
 * table in domain/: staff need the event's permission, owners only send events the table marks
 * byOwner. runCommand calls it before anything is read, so a verb route, a PATCH with a state, a
 * bulk action or one service calling another all meet the same check; a service that writes
 * before its command runs calls it first too.
 */
export function assertCommandAllowed(table: CommandTable, type: string, actor: CommandActor): void {
  const command: Command | undefined = (table as Record<string, Command>)[type];
  if (!command) throw forbidden();
  if (actor === 'system') return;
  if (actor === 'self') {
    if (!command.bySelf) throw forbidden();
  } else if (actor === 'owner' || actor.kind === 'owner') {
    if (!command.byOwner) throw forbidden();
  } else if (!can(actor.permissions, command.permission)) {
    throw forbidden();
  }
}

/** A route that sends one event of a table: its permission, declared and checked from the table. */
export const requireCommand = <T extends CommandTable>(table: T, type: keyof T & string): MiddlewareHandler<AppEnv> =>
  requirePermission(table[type].permission);

/** A route of one verb of a table (e.g. POST …/ac/:acId/responder, whose body picks the event). */
export const requireVerb = (table: CommandTable, verb: string): MiddlewareHandler<AppEnv> => {
  const expression = verbPermissions(table)[verb];
  if (expression === undefined) throw new Error(`no command has the verb '${verb}'`);
  return requirePermission(expression);
};

/**
 * The verb route of a table (POST …/:<param>{verbs}): each verb's permission, checked before the
 * body is read and declared per value, so the route table and the permission sweep know it.
 */
export function requireVerbParam(table: CommandTable, param = 'action'): MiddlewareHandler<AppEnv> {
  const permissions = verbPermissions(table);
  return declareGuard({ audience: 'user', byParam: { param, permissions } }, (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    const expression = permissions[c.req.param(param as never) ?? ''];
    if (expression === undefined || !can(user.permissions, expression)) throw forbidden();
    return next();
  });
}

export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** A project id the caller may not see is a 404, never a hint that it exists (docs/architecture.md §4). */
export function assertProjectVisible(user: SessionUser, projectId: number): void {
  if (!user.projectIds.includes(projectId)) throw notFound();
}

/**
 * The projects a list or the agenda is narrowed to (a `project_id` filter): every one must be visible to the
 * caller, else 404 like a path id (docs/architecture.md §4); none chosen is every project the caller sees.
 * Never empty, so it can stand in an SQL IN.
 */
export function visibleProjectsOf(user: SessionUser, chosen?: readonly number[]): number[] {
  if (chosen?.length) {
    for (const id of chosen) assertProjectVisible(user, id);
    return [...new Set(chosen)];
  }
  return user.projectIds.length ? [...user.projectIds] : [-1];
}
