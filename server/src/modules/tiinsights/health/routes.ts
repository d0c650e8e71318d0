import { Hono } from 'hono';
import { INTERNAL_INSIGHTS } from '#domain/insights';
import type { AppEnv } from '../../../http/context.ts';
import { requirePermission } from '../../../auth/guard.ts';
import { idParam } from '../../../lib/validate.ts';
import { companiesHealth } from './company-health.ts';
import { companyHealthDetail } from './detail.ts';

/**
 * Every company's health for the provider's support staff (ryr, domain/insights.ts INTERNAL_INSIGHTS); mounted by
 * server/src/modules/tiinsights/routes.ts behind requireStaff and moduleGuard('tiinsights'):
 *   GET empresas               every company, worst first (health/company-health.ts)
 *   GET empresas/{companyId}   one company by hour and its last webhook failures (404: unknown company)
 */
export const healthRoutes = new Hono<AppEnv>()
  .get('/empresas', requirePermission(INTERNAL_INSIGHTS), async (c) => {
    return c.json({ data: await companiesHealth(c.var.deps.database.db) });
  })
  .get('/empresas/:companyId', requirePermission(INTERNAL_INSIGHTS), async (c) => {
    const companyId = idParam(c.req.param('companyId'));
    return c.json({ data: await companyHealthDetail(c.var.deps.database.db, companyId) });
  });
