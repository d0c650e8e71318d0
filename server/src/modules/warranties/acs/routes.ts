import { Hono } from 'hono';
import { z } from 'zod';
import { AC_FOLLOW_UPS, acCreateSchema, acReplySchema } from '#domain/schemas/warranties';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { createAc, followUp, listAcs, replyAc } from './service.ts';

const MANAGE = 'postventa_gestionar';
const followUpSchema = z.object({ follow_up: z.enum(AC_FOLLOW_UPS, { error: 'validation.required' }) });

/** SPEC §2 solicitud/{id}/ac: conformity acts, the owner's answer and the follow-up (SPEC §4 AC). */
export const acRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ data: await listAcs(c.var.deps, currentUser(c), idParam(c.req.param('id'))) }))
  .post('/', requirePermission(MANAGE), async (c) => {
    const { failure_ids } = await jsonBody(c, acCreateSchema);
    const ac = await createAc(c.var.deps, currentUser(c), idParam(c.req.param('id')), failure_ids);
    return c.json({ data: { id: ac.id, code: ac.code, state: ac.state } }, 201);
  })
  .post('/:acId/responder', requirePermission(MANAGE), async (c) => {
    const ac = await replyAc(c.var.deps, currentUser(c), idParam(c.req.param('id')), idParam(c.req.param('acId')), await jsonBody(c, acReplySchema), c.var.t);
    return c.json({ data: { id: ac.id, state: ac.state, follow_up: ac.followUp, follow_up_order_id: ac.followUpOrderId } });
  })
  .post('/:acId/seguimiento', requirePermission(MANAGE), async (c) => {
    const { follow_up } = await jsonBody(c, followUpSchema);
    const ac = await followUp(c.var.deps, currentUser(c), idParam(c.req.param('id')), idParam(c.req.param('acId')), follow_up, c.var.t);
    return c.json({ data: { id: ac.id, state: ac.state, follow_up: ac.followUp, follow_up_order_id: ac.followUpOrderId } });
  });
