import { Hono } from 'hono';
import { USAGE_INSIGHTS } from '#domain/insights';
import { screenReportSchema, usageQuerySchema } from '#domain/schemas/insights';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { activeUsers } from './active-users.ts';
import { adoption, neverSignedIn } from './adoption.ts';
import { moduleUsage } from './module-usage.ts';
import { projectOfQuery } from './range.ts';
import { recordScreens } from './screens.ts';

/**
 * Usage insights (docs/api.md, Insights; domain/insights.ts), under /ocinsights:
 *   POST uso/pantallas                      any staff user: the screens their client opened (screenReportSchema) → 204
 *   GET  uso/activos?from&to&project_id     insights_uso → {data: activeUsersSchema}
 *   GET  uso/modulos?from&to&project_id     insights_uso → {data: moduleUsageSchema} (top 20 names)
 *   GET  uso/adopcion?from&to&project_id    insights_uso → {data: adoptionSchema}
 *   GET  uso/sin-ingreso                    insights_uso → {data: neverSignedInSchema}
 * from and to (YYYY-MM-DD, both included, at most INSIGHTS_LIMITS.maxRangeDays) are required; a project the caller
 * does not see is a 404.
 */
export const usabilityRoutes = new Hono<AppEnv>()
  .post('/uso/pantallas', async (c) => {
    await recordScreens(c.var.deps, currentUser(c), await jsonBody(c, screenReportSchema));
    return c.body(null, 204);
  })
  .get('/uso/activos', requirePermission(USAGE_INSIGHTS), async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, usageQuerySchema);
    const projectId = projectOfQuery(user, query);
    return c.json({ data: await activeUsers(c.var.deps.database.db, user.companyId, { ...query, projectId }) });
  })
  .get('/uso/modulos', requirePermission(USAGE_INSIGHTS), async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, usageQuerySchema);
    const projectId = projectOfQuery(user, query);
    return c.json({ data: await moduleUsage(c.var.deps.database.db, user.companyId, { ...query, projectId }) });
  })
  .get('/uso/adopcion', requirePermission(USAGE_INSIGHTS), async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, usageQuerySchema);
    const projectId = projectOfQuery(user, query);
    const data = await adoption(c.var.deps.database.db, user.companyId, user.projectIds, { ...query, projectId });
    return c.json({ data });
  })
  .get('/uso/sin-ingreso', requirePermission(USAGE_INSIGHTS), async (c) => {
    const user = currentUser(c);
    return c.json({ data: await neverSignedIn(c.var.deps.database.db, user.companyId) });
  });
