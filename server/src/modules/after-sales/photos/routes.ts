import { Hono, type Context } from 'hono';
import { markedCopySchema } from '#domain/schemas/after-sales';
import { acCommands } from '#domain/acs';
import { orderCommands } from '#domain/orders';
import { TICKET_MANAGE } from '#domain/tickets';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerb } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadOrder } from '../orders/service.ts';
import { idParam, loadTicket } from '../shared/scope.ts';
import { acRecord, addMarkedCopy, failureRecord, messageRecord, resultRecord, type PhotoRecord } from './service.ts';

async function mark(c: Context<AppEnv>, recordOf: (ticket: Awaited<ReturnType<typeof loadTicket>>) => PhotoRecord) {
  const user = currentUser(c);
  const db = c.var.deps.database.db;
  const ticket = await loadTicket(db, user, idParam(c.req.param('id')));
  const record = recordOf(ticket);
  // A record that is not the ticket's is a 404 whatever the body says (docs/architecture.md §4).
  if (!(await record.read(db))) throw notFound();
  const input = await jsonBody(c, markedCopySchema);
  const attachments = await addMarkedCopy(c.var.deps, user, ticket, record, input);
  return c.json({ data: { attachments } }, 201);
}

/**
 * docs/product.md §2 image viewer, "Marcar": a marked copy of a photo joins its record beside the original.
 * One route per record that takes photos, under that record's path and behind the permission that adds
 * photos to it. Mounted under /solicitudes/:id.
 */
export const photoRoutes = new Hono<AppEnv>()
  .post('/mensajes/:messageId/marcadas', requirePermission(TICKET_MANAGE), (c) =>
    mark(c, (ticket) => messageRecord(currentUser(c), ticket, idParam(c.req.param('messageId')))),
  )
  .post('/fallas/:failureId/marcadas', requirePermission(TICKET_MANAGE), (c) =>
    mark(c, (ticket) => failureRecord(ticket, idParam(c.req.param('failureId')))),
  )
  .post('/:kind{(?:oi|ot)}/:orderId/fallas/:failureId/marcadas', requireVerb(orderCommands, 'gestionar'), async (c) => {
    const kind = c.req.param('kind') === 'oi' ? 'OI' : c.req.param('kind') === 'ot' ? 'OT' : undefined;
    if (!kind) throw notFound();
    const { order } = await loadOrder(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      kind,
      idParam(c.req.param('orderId')),
    );
    return mark(c, (ticket) => resultRecord(ticket, order.id, idParam(c.req.param('failureId'))));
  })
  .post('/ac/:acId/marcadas', requireVerb(acCommands, 'responder'), (c) =>
    mark(c, (ticket) => acRecord(ticket, idParam(c.req.param('acId')))),
  );
