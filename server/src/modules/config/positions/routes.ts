import { Hono } from 'hono';
import { CONFIG_POSITIONS } from '#domain/permissions';
import { positionCreateSchema, positionUpdateSchema } from '#domain/schemas/positions';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { createPosition, deletePosition, listPositions, updatePosition } from './service.ts';

/** docs/product.md §2 config cargos: positions of the company, managed with config_cargos. */
export const positionRoutes = new Hono<AppEnv>()
  .use(requirePermission(CONFIG_POSITIONS))
  .get('/', async (c) => c.json({ data: await listPositions(c.var.deps.database.db, currentUser(c)) }))
  .post('/', async (c) => {
    const input = await jsonBody(c, positionCreateSchema);
    return c.json({ data: await createPosition(c.var.deps.database.db, currentUser(c), input) }, 201);
  })
  .patch('/:positionId', async (c) => {
    const id = idParam(c.req.param('positionId'));
    const input = await jsonBody(c, positionUpdateSchema);
    return c.json({ data: await updatePosition(c.var.deps.database.db, currentUser(c), id, input) });
  })
  .delete('/:positionId', async (c) => {
    await deletePosition(c.var.deps.database.db, currentUser(c), idParam(c.req.param('positionId')));
    return c.json({ data: { deleted: true } });
  });
