import { Hono } from 'hono';
import { acCreateSchema, acReplySchema } from '#domain/schemas/after-sales';
import { acCommands, acFollowUpSchema, acSignSchema } from '#domain/acs';
import { TICKET_MANAGE } from '#domain/tickets';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerb } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { createAc, followUp, listAcs, loadAc, replyAc } from './service.ts';
import { currentAcPdf } from './pdf.ts';
import { pdfResponse } from './pdf-response.ts';
import { signAc } from './sign.ts';

/**
 * docs/product.md §2 solicitud/{id}/ac: conformity acts, the owner's answer and the follow-up (docs/product.md §4 AC),
 * the act as a PDF and its sign-off on the agent's phone (docs/product.md#ac-sign-off).
 */
export const acRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ data: await listAcs(c.var.deps, currentUser(c), idParam(c.req.param('id'))) }))
  .post('/', requirePermission(TICKET_MANAGE), async (c) => {
    const { failure_ids } = await jsonBody(c, acCreateSchema);
    const ac = await createAc(c.var.deps, currentUser(c), idParam(c.req.param('id')), failure_ids);
    return c.json({ data: { id: ac.id, code: ac.code, state: ac.state } }, 201);
  })
  .post('/:acId/responder', requireVerb(acCommands, 'responder'), async (c) => {
    const ac = await replyAc(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      idParam(c.req.param('acId')),
      await jsonBody(c, acReplySchema),
      c.var.t,
    );
    return c.json({
      data: { id: ac.id, state: ac.state, follow_up: ac.followUp, follow_up_order_id: ac.followUpOrderId },
    });
  })
  .post('/:acId/seguimiento', requireVerb(acCommands, 'seguimiento'), async (c) => {
    const { follow_up } = await jsonBody(c, acFollowUpSchema);
    const ac = await followUp(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      idParam(c.req.param('acId')),
      follow_up,
      c.var.t,
    );
    return c.json({
      data: { id: ac.id, state: ac.state, follow_up: ac.followUp, follow_up_order_id: ac.followUpOrderId },
    });
  })
  .get('/:acId/pdf', async (c) => {
    const user = currentUser(c);
    const { ticket, ac } = await loadAc(c.var.deps, user, idParam(c.req.param('id')), idParam(c.req.param('acId')));
    return pdfResponse(c, await currentAcPdf(c.var.deps, user, c.var.t, ticket, ac));
  })
  .post('/:acId/firmar', requireVerb(acCommands, 'firmar'), async (c) => {
    const user = currentUser(c);
    // A foreign act is 404 whatever the body (the isolation sweep): found first, then the body is read.
    const { ticket, ac } = await loadAc(c.var.deps, user, idParam(c.req.param('id')), idParam(c.req.param('acId')));
    const input = await jsonBody(c, acSignSchema);
    await signAc(c.var.deps, user, ticket, ac, input, 'agente', c.var.t);
    const views = await listAcs(c.var.deps, user, ticket.id);
    return c.json({ data: views.find((v) => v.id === ac.id)! });
  });
