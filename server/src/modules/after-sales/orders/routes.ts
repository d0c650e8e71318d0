import { Hono, type Context } from 'hono';
import {
  orderCreateSchema,
  orderDecisionSchema,
  orderManageSchema,
  orderScheduleSchema,
  orderUpdateSchema,
} from '#domain/schemas/after-sales';
import { eventsOfVerb, pickCommands, verbPattern } from '#domain/commands';
import { orderCommands } from '#domain/orders';
import { TICKET_MANAGE } from '#domain/tickets';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerb, requireVerbParam } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { notFound } from '../../../lib/errors.ts';
import { idParam } from '../shared/scope.ts';
import {
  createOrder,
  listOrders,
  loadOrder,
  manageOrder,
  orderViews,
  scheduleOrder,
  staffOrderAction,
  updateOrder,
  type Kind,
  type StaffOrderEvent,
} from './service.ts';

// The verbs of domain/orders.ts, by the body their route reads.
const SCHEDULE_VERBS = verbPattern(pickCommands(orderCommands, (command) => command.body === orderScheduleSchema));
const DECISION_VERBS = verbPattern(pickCommands(orderCommands, (command) => command.body === orderDecisionSchema));
const kindOf = (value: string | undefined): Kind => {
  if (value === 'oi') return 'OI';
  if (value === 'ot') return 'OT';
  throw notFound();
};

async function view(c: Context<AppEnv>, ticketId: number, kind: Kind, orderId: number) {
  const { ticket, order } = await loadOrder(c.var.deps, currentUser(c), ticketId, kind, orderId);
  return (await orderViews(c.var.deps, ticket, [order]))[0];
}

/** docs/product.md §2 solicitud/{id}/oi and /ot: list, crear, editar/{id}, gestionar/{id}, and the schedule actions of docs/product.md §4. */
export const orderRoutes = new Hono<AppEnv>()
  .get('/:kind{(?:oi|ot)}', async (c) =>
    c.json({
      data: await listOrders(c.var.deps, currentUser(c), idParam(c.req.param('id')), kindOf(c.req.param('kind'))),
    }),
  )
  .post('/:kind{(?:oi|ot)}', requirePermission(TICKET_MANAGE), async (c) => {
    const ticketId = idParam(c.req.param('id'));
    const kind = kindOf(c.req.param('kind'));
    const order = await createOrder(
      c.var.deps,
      currentUser(c),
      ticketId,
      kind,
      await jsonBody(c, orderCreateSchema),
      c.var.t,
    );
    return c.json({ data: await view(c, ticketId, kind, order.id) }, 201);
  })
  .get('/:kind{(?:oi|ot)}/:orderId', async (c) =>
    c.json({
      data: await view(c, idParam(c.req.param('id')), kindOf(c.req.param('kind')), idParam(c.req.param('orderId'))),
    }),
  )
  .patch('/:kind{(?:oi|ot)}/:orderId', requirePermission(TICKET_MANAGE), async (c) => {
    const [ticketId, kind, orderId] = [
      idParam(c.req.param('id')),
      kindOf(c.req.param('kind')),
      idParam(c.req.param('orderId')),
    ];
    await updateOrder(
      c.var.deps,
      currentUser(c),
      ticketId,
      kind,
      orderId,
      await jsonBody(c, orderUpdateSchema),
      c.var.t,
    );
    return c.json({ data: await view(c, ticketId, kind, orderId) });
  })
  .post('/:kind{(?:oi|ot)}/:orderId/gestionar', requireVerb(orderCommands, 'gestionar'), async (c) => {
    const [ticketId, kind, orderId] = [
      idParam(c.req.param('id')),
      kindOf(c.req.param('kind')),
      idParam(c.req.param('orderId')),
    ];
    await manageOrder(
      c.var.deps,
      currentUser(c),
      ticketId,
      kind,
      orderId,
      await jsonBody(c, orderManageSchema),
      c.var.t,
    );
    return c.json({ data: await view(c, ticketId, kind, orderId) });
  })
  .post(`/:kind{(?:oi|ot)}/:orderId/:action{${SCHEDULE_VERBS}}`, requireVerbParam(orderCommands), async (c) => {
    const [ticketId, kind, orderId] = [
      idParam(c.req.param('id')),
      kindOf(c.req.param('kind')),
      idParam(c.req.param('orderId')),
    ];
    const input = await jsonBody(c, orderScheduleSchema);
    const user = currentUser(c);
    const { ticket, order } = await loadOrder(c.var.deps, user, ticketId, kind, orderId);
    await scheduleOrder(c.var.deps, user, ticket, order, input, c.var.t);
    return c.json({ data: await view(c, ticketId, kind, orderId) });
  })
  .post(`/:kind{(?:oi|ot)}/:orderId/:action{${DECISION_VERBS}}`, requireVerbParam(orderCommands), async (c) => {
    const [ticketId, kind, orderId] = [
      idParam(c.req.param('id')),
      kindOf(c.req.param('kind')),
      idParam(c.req.param('orderId')),
    ];
    const { reason } = await jsonBody(c, orderDecisionSchema);
    const [type] = eventsOfVerb(orderCommands, c.req.param('action')) as StaffOrderEvent[];
    await staffOrderAction(c.var.deps, currentUser(c), ticketId, kind, orderId, type, c.var.t, reason);
    return c.json({ data: await view(c, ticketId, kind, orderId) });
  });
