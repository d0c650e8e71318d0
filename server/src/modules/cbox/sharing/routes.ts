import { Hono } from 'hono';
import {
  cboxLinkCreateSchema,
  cboxShareCreateSchema,
  cboxShareUpdateSchema,
  cboxTargetQuerySchema,
} from '#domain/schemas/cbox';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { requestOrigin } from '../../files/service.ts';
import { createShare, deleteShare, listShares, subjectOptions, updateShare } from './shares.ts';
import { createLink, listLinks, revokeLink } from './links.ts';
import { loadTarget } from './target.ts';

/** docs/api.md, Cbox: shares to users and profiles (docs/product.md §6 levels) and share links for outsiders. */
export const sharingRoutes = new Hono<AppEnv>()
  .get('/compartir', async (c) => {
    const target = queryOf(c, cboxTargetQuerySchema);
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    return c.json({ data: await listShares(db, user, await loadTarget(db, user, target)) });
  })
  .post('/compartir', async (c) => {
    const input = await jsonBody(c, cboxShareCreateSchema);
    return c.json({ data: await createShare(c.var.deps, currentUser(c), input) }, 201);
  })
  .patch('/compartir/:shareId', async (c) => {
    const id = idParam(c.req.param('shareId'));
    const { levels } = await jsonBody(c, cboxShareUpdateSchema);
    return c.json({ data: await updateShare(c.var.deps, currentUser(c), id, levels) });
  })
  .delete('/compartir/:shareId', async (c) => {
    const id = idParam(c.req.param('shareId'));
    await deleteShare(c.var.deps, currentUser(c), id);
    return c.json({ data: { id } });
  })
  .get('/destinatarios', async (c) => c.json({ data: await subjectOptions(c.var.deps.database.db, currentUser(c)) }))
  .get('/enlaces', async (c) => {
    const target = queryOf(c, cboxTargetQuerySchema);
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    return c.json({ data: await listLinks(db, user, await loadTarget(db, user, target, 'can-share')) });
  })
  .post('/enlaces', async (c) => {
    const input = await jsonBody(c, cboxLinkCreateSchema);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await createLink(c.var.deps, currentUser(c), input, requestOrigin(c)) }, 201);
  })
  .delete('/enlaces/:linkId', async (c) => {
    const id = idParam(c.req.param('linkId'));
    await revokeLink(c.var.deps, currentUser(c), id);
    return c.json({ data: { id } });
  });
