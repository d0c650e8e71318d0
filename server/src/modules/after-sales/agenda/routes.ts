import { Hono } from 'hono';
import { z } from 'zod';
import { agendaQuerySchema, orderScheduleSchema } from '#domain/schemas/after-sales';
import type { AppEnv } from '../../../http/context.ts';
import { orderCommands } from '#domain/orders';
import { currentUser, requireCommand } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { orderViews, scheduleOrder } from '../orders/service.ts';
import { agendaOrder, listAgenda } from './service.ts';

const query = agendaQuerySchema.extend({ tz: z.string().max(64).optional() });

/** docs/product.md §2 agenda: OI/OT by responsible in a range; a drag reschedules through the order machine. */
export const agendaRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listAgenda(c.var.deps, currentUser(c), queryOf(c, query))))
  .patch('/:orderId', requireCommand(orderCommands, 'order.reschedule'), async (c) => {
    const user = currentUser(c);
    const { ticket, order } = await agendaOrder(c.var.deps, user, idParam(c.req.param('orderId')));
    const input = await jsonBody(c, orderScheduleSchema);
    const updated = await scheduleOrder(c.var.deps, user, ticket, order, input, c.var.t);
    return c.json({ data: (await orderViews(c.var.deps, ticket, [updated]))[0] });
  });
