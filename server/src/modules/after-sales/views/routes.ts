import { Hono } from 'hono';
import { savedViewCreateSchema, savedViewListQuerySchema, savedViewUpdateSchema } from '#domain/saved-views';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { createView, deleteView, listViews, updateView } from './service.ts';

/**
 * docs/product.md §2 Saved views: any user of the module keeps their own; sharing with the company, and changing a
 * colleague's shared view, need SHARE_VIEWS (checked in the service: it depends on the body and the view).
 */
export const viewRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { list } = queryOf(c, savedViewListQuerySchema);
    return c.json({ data: await listViews(c.var.deps.database.db, currentUser(c), list) });
  })
  .post('/', async (c) => {
    const input = await jsonBody(c, savedViewCreateSchema);
    return c.json({ data: await createView(c.var.deps.database.db, currentUser(c), input) }, 201);
  })
  .patch('/:viewId', async (c) => {
    const id = idParam(c.req.param('viewId'));
    const input = await jsonBody(c, savedViewUpdateSchema);
    return c.json({ data: await updateView(c.var.deps.database.db, currentUser(c), id, input) });
  })
  .delete('/:viewId', async (c) => {
    await deleteView(c.var.deps.database.db, currentUser(c), idParam(c.req.param('viewId')));
    return c.json({ data: { deleted: true } });
  });
