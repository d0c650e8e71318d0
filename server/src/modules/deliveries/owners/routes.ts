import { Hono } from 'hono';
import { ownerPatchSchema, ownerSchema } from '#domain/schemas/deliveries';
import { DELIVERY_MANAGE } from '#domain/fichas';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam, unitOf } from '../shared/scope.ts';
import { addOwner, listOwners, removeOwner, updateOwner } from './service.ts';

/** The ficha's propietarios tab (docs/product.md §2, §3 Ficha and owners): the unit's owners and receivers. */
export const ownerRoutes = new Hono<AppEnv>()
  .get('/fichas/:unitId/propietarios', async (c) =>
    c.json({ data: await listOwners(c.var.deps, currentUser(c), unitOf(c)) }),
  )
  .post('/fichas/:unitId/propietarios', requirePermission(DELIVERY_MANAGE), async (c) =>
    c.json({ data: await addOwner(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, ownerSchema)) }, 201),
  )
  .patch('/fichas/:unitId/propietarios/:ownerId', requirePermission(DELIVERY_MANAGE), async (c) =>
    c.json({
      data: await updateOwner(
        c.var.deps,
        currentUser(c),
        unitOf(c),
        idParam(c.req.param('ownerId')),
        await jsonBody(c, ownerPatchSchema),
      ),
    }),
  )
  .delete('/fichas/:unitId/propietarios/:ownerId', requirePermission(DELIVERY_MANAGE), async (c) => {
    await removeOwner(c.var.deps, currentUser(c), unitOf(c), idParam(c.req.param('ownerId')));
    return c.json({ data: { deleted: true } });
  });
