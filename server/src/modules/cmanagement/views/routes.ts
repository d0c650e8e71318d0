import { Hono } from 'hono';
import { savedViewCreateSchema, savedViewUpdateSchema, type SavedViewList } from '#domain/saved-views';
import type { AppEnv, SessionUser } from '../../../http/context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { currentUser } from '../../../auth/guard.ts';
import { notFound, unprocessable } from '../../../lib/errors.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { createView, deleteView, listViews, updateView } from '../../after-sales/service.ts';
import { z } from 'zod';

/** The lists of this module a view may keep (domain/saved-views.ts SAVED_VIEW_LISTS). */
const CM_LISTS = ['cm_tickets'] as const satisfies readonly SavedViewList[];
const listQuery = z.object({ list: z.enum(CM_LISTS, { error: 'validation.required' }) });

/** A view of one of this module's lists that the caller sees; any other is a 404 here. */
async function assertOwnList(db: DbOrTx, user: SessionUser, id: number) {
  for (const list of CM_LISTS) if ((await listViews(db, user, list)).some((v) => v.id === id)) return;
  throw notFound();
}

/**
 * docs/product.md §2 Saved views of the Cmanagement lists (GET, POST cmanagement/vistas?list=cm_tickets, PATCH and
 * DELETE vistas/{viewId}): the same views after-sales keeps (server/src/modules/after-sales/views/service.ts, its
 * sharing rules and limits), held to this module's lists.
 */
export const cmViewRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { list } = queryOf(c, listQuery);
    return c.json({ data: await listViews(c.var.deps.database.db, currentUser(c), list) });
  })
  .post('/', async (c) => {
    const input = await jsonBody(c, savedViewCreateSchema);
    if (!(CM_LISTS as readonly string[]).includes(input.list))
      throw unprocessable([{ field: 'list', key: 'validation.invalid' }]);
    return c.json({ data: await createView(c.var.deps.database.db, currentUser(c), input) }, 201);
  })
  .patch('/:viewId', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const id = idParam(c.req.param('viewId'));
    const input = await jsonBody(c, savedViewUpdateSchema);
    await assertOwnList(db, user, id);
    return c.json({ data: await updateView(db, user, id, input) });
  })
  .delete('/:viewId', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const id = idParam(c.req.param('viewId'));
    await assertOwnList(db, user, id);
    await deleteView(db, user, id);
    return c.json({ data: { deleted: true } });
  });
