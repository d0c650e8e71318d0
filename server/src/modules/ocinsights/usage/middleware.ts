import type { Context, MiddlewareHandler, Next } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, SessionUser } from '../../../http/context.ts';
import { meterOf } from './flush.ts';
import { usageDay } from './today.ts';
import { actionTemplate, areaOfTemplate, SCREEN_REPORT_ROUTE, WRITE_METHODS } from './actions.ts';

/** A project the request names (a `:projectId` path parameter or `project_id` query), when the caller sees it; else 0. */
function projectOf(user: SessionUser, raw: string | undefined): number {
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id && user.projectIds.includes(id) ? id : 0;
}

/**
 * Counts each write (POST, PUT, PATCH, DELETE) a signed-in staff user got answered below 400, as an 'action' named
 * by its method and route template (usage/actions.ts), in the process's meter (usage/flush.ts). Reads are not
 * counted: the screens the client reports stand for them. Hono only knows the matched route once the handlers have
 * run: after `next()`, `routePath(c)` is the template of the handler that answered (hono/route, `c.req.routeIndex`),
 * and before it the API's own mount (`<base>/*`), which is cut off. Counting never fails a request: an error here
 * is logged.
 */
export const usageMeter: MiddlewareHandler<AppEnv> = (c, next) => {
  const user = c.get('user');
  // Reads pass straight on, without an async frame of their own.
  if (!WRITE_METHODS.has(c.req.method) || !user || user.kind !== 'staff') return next();
  return countWrite(c, next, user);
};

async function countWrite(c: Context<AppEnv>, next: Next, user: SessionUser) {
  const base = routePath(c).replace(/\/?\*$/, '');
  await next();
  if (c.res.status >= 400) return;
  try {
    const matched = routePath(c);
    if (!matched.startsWith(base)) return;
    const template = actionTemplate(matched.slice(base.length) || '/', (name) => c.req.param(name));
    if (template === SCREEN_REPORT_ROUTE) return;
    const deps = c.var.deps;
    meterOf(deps).record({
      companyId: user.companyId,
      day: await usageDay(deps, user.companyId),
      userId: user.id,
      projectId: projectOf(user, c.req.param('projectId') ?? c.req.query('project_id')),
      module: areaOfTemplate(template),
      kind: 'action',
      name: `${c.req.method} ${template}`,
    });
  } catch (error) {
    c.var.log.warn('usage not counted', { error: String(error) });
  }
}
