import { Hono } from 'hono';
import { agendaQuerySchema, feedQuerySchema } from '#domain/schemas/deliveries';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { queryOf } from '../../../lib/validate.ts';
import { deliveredPerWeek, deliveryAgenda, pendingFailuresPerUnit } from './service.ts';

/** Home and dashboards fed by deliveries (docs/product.md#delivery-feeds); my tasks come from the tasks written on scheduling. */
export const feedRoutes = new Hono<AppEnv>()
  .get('/agenda', async (c) =>
    c.json({ data: await deliveryAgenda(c.var.deps.database.db, currentUser(c), queryOf(c, agendaQuerySchema)) }),
  )
  .get('/dashboard/entregas-semanales', async (c) => {
    const q = queryOf(c, feedQuerySchema);
    return c.json({
      data: await deliveredPerWeek(c.var.deps.database.db, currentUser(c), q.project_id, new Date(), q.tz),
    });
  })
  .get('/dashboard/fallas-pendientes', async (c) =>
    c.json({
      data: await pendingFailuresPerUnit(
        c.var.deps.database.db,
        currentUser(c),
        queryOf(c, feedQuerySchema).project_id,
      ),
    }),
  );
