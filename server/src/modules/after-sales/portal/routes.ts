import { Hono } from 'hono';
import { z } from 'zod';
import { orderDecisionSchema, portalMessageSchema, portalTicketSchema } from '#domain/schemas/after-sales';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireOwner } from '../../../auth/guard.ts';
import { pageQuerySchema } from '../../../lib/paging.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { ticketDetail } from '../tickets/detail.ts';
import { timeline } from '../tickets/timeline.ts';
import { postMessage } from '../tickets/messages.ts';
import { listFailures } from '../failures/service.ts';
import { loadTicketFailure, pinFailure, ticketPlanBoard } from '../failures/plan-pins.ts';
import { planPinSchema } from '#domain/plan-pins';
import { ownerAnswer } from '../orders/confirmation.ts';
import { acOfTicket, ownerAcs } from '../acs/service.ts';
import { signAc } from '../acs/sign.ts';
import { currentAcPdf } from '../acs/pdf.ts';
import { pdfResponse } from '../acs/pdf-response.ts';
import { acSignSchema } from '#domain/acs';
import { createOwnerTicket, loadOwnerOrder, loadOwnerTicket, myTickets, myUnits, ownerVisits } from './service.ts';

const pageOnly = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** Owner portal API (docs/product.md#owner-portal, origin PWA): an owner only ever sees their own units' data. */
export const portalRoutes = new Hono<AppEnv>()
  .use(requireOwner)
  .get('/unidades', async (c) => c.json({ data: await myUnits(c.var.deps, currentUser(c)) }))
  .get('/solicitudes', async (c) => c.json(await myTickets(c.var.deps, currentUser(c), queryOf(c, pageQuerySchema))))
  .post('/solicitudes', async (c) => {
    const user = currentUser(c);
    const input = await jsonBody(c, portalTicketSchema);
    const { ticket, created } = await createOwnerTicket(c.var.deps, user, input, c.var.t);
    return c.json({ data: await ticketDetail(c.var.deps, user, ticket) }, created ? 201 : 200);
  })
  .get('/solicitudes/:id', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const [detail, failures, visits, acs] = await Promise.all([
      ticketDetail(c.var.deps, user, ticket),
      listFailures(c.var.deps, user, ticket),
      ownerVisits(c.var.deps, user, [ticket.id]),
      ownerAcs(c.var.deps, ticket),
    ]);
    return c.json({ data: { ...detail, failures, visits, acs } });
  })
  // docs/product.md#ac-sign-off: the owner previews the act of their own unit's ticket and signs it.
  .get('/solicitudes/:id/ac/:acId/pdf', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const ac = await acOfTicket(c.var.deps, ticket, idParam(c.req.param('acId')));
    return pdfResponse(c, await currentAcPdf(c.var.deps, user, c.var.t, ticket, ac));
  })
  .post('/solicitudes/:id/ac/:acId/firmar', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const ac = await acOfTicket(c.var.deps, ticket, idParam(c.req.param('acId')));
    const input = await jsonBody(c, acSignSchema);
    await signAc(c.var.deps, user, ticket, ac, input, 'portal', c.var.t);
    return c.json({ data: (await ownerAcs(c.var.deps, ticket)).find((a) => a.id === ac.id)! });
  })
  // docs/product.md#defects-on-plans: the owner places their own ticket's failures on their unit type's plan.
  .get('/solicitudes/:id/plano', async (c) => {
    const ticket = await loadOwnerTicket(c.var.deps, currentUser(c), idParam(c.req.param('id')));
    return c.json({ data: await ticketPlanBoard(c.var.deps, ticket, true) });
  })
  .put('/solicitudes/:id/fallas/:failureId/plano', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const failure = await loadTicketFailure(c.var.deps, ticket, idParam(c.req.param('failureId')));
    const pin = await jsonBody(c, planPinSchema);
    return c.json({ data: await pinFailure(c.var.deps, user, ticket, failure, pin) });
  })
  .get('/solicitudes/:id/actividad', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const { page } = queryOf(c, pageOnly);
    return c.json(
      await timeline(c.var.deps.database.db, {
        companyId: user.companyId,
        ticketId: ticket.id,
        ownerView: true,
        page,
        t: c.var.t,
      }),
    );
  })
  .post('/solicitudes/:id/mensajes', async (c) => {
    const user = currentUser(c);
    const ticket = await loadOwnerTicket(c.var.deps, user, idParam(c.req.param('id')));
    const input = await jsonBody(c, portalMessageSchema);
    const message = await postMessage(c.var.deps, user, ticket, { ...input, visibility: 'public' }, c.var.t);
    return c.json({ data: { id: message.id, created_at: message.createdAt.toISOString() } }, 201);
  })
  .get('/visitas', async (c) => c.json({ data: await ownerVisits(c.var.deps, currentUser(c)) }))
  .post('/visitas/:orderId/:action{(?:confirmar|rechazar)}', async (c) => {
    const user = currentUser(c);
    const { ticket, order } = await loadOwnerOrder(c.var.deps, user, idParam(c.req.param('orderId')));
    const { reason } = await jsonBody(c, orderDecisionSchema);
    await ownerAnswer(
      c.var.deps,
      ticket,
      order,
      c.req.param('action') === 'confirmar' ? 'confirm' : 'reject',
      user.id,
      c.var.t,
      reason,
    );
    return c.json({ data: (await ownerVisits(c.var.deps, user, [ticket.id])).find((v) => v.id === order.id) ?? null });
  });
