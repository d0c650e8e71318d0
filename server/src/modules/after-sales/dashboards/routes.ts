import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DATE_PRESETS, ticketListQuerySchema } from '#domain/schemas/after-sales';
import { idList, isoDate } from '#domain/schemas/common';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { queryOf } from '../../../lib/validate.ts';
import { companies } from '../../../db/schema/index.ts';
import { ticketFilter } from '../tickets/list.ts';
import { presetRange, timezoneOf } from '../shared/dates.ts';
import { efficiency, requestsBoard, statistics } from './queries.ts';

const statsQuery = z.object({
  project_id: idList().optional(),
  date_preset: z.enum(DATE_PRESETS).default('all'),
  date_from: isoDate().optional(),
  date_to: isoDate().optional(),
  tz: z.string().max(64).optional(),
});

const DASHBOARD = requirePermission('postventa_supervisar|postventa_gestionar');

/** docs/product.md §2 dashboard (solicitudes, eficiencia) and estadisticas: supervisors and agents. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/dashboard/solicitudes', DASHBOARD, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    return c.json({
      data: await requestsBoard(db, (await ticketFilter(db, user, queryOf(c, ticketListQuerySchema)))!, c.var.t),
    });
  })
  .get('/dashboard/eficiencia', DASHBOARD, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    return c.json({ data: await efficiency(db, (await ticketFilter(db, user, queryOf(c, ticketListQuerySchema)))!) });
  })
  .get('/estadisticas', DASHBOARD, async (c) => {
    const user = currentUser(c);
    const q = queryOf(c, statsQuery);
    const db = c.var.deps.database.db;
    const [company] = await db
      .select({ country: companies.country })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    const range = presetRange(q.date_preset, timezoneOf(company?.country, q.tz), new Date(), q.date_from, q.date_to);
    const projects = q.project_id?.length
      ? q.project_id.filter((p) => user.projectIds.includes(p))
      : [...user.projectIds];
    return c.json({
      data: await statistics(db, {
        companyId: user.companyId,
        projectIds: projects,
        from: range.from,
        to: range.to,
      }),
    });
  });
