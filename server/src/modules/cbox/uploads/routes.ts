import { Hono } from 'hono';
import { cboxPartUrlsSchema, cboxUploadCompleteSchema, cboxUploadCreateSchema } from '#domain/schemas/cbox';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { requestOrigin } from '../../../http/origin.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { abortUpload, completeUpload, createUpload, getUpload, partUrls, sessionOf } from './service.ts';

/**
 * Large, resumable uploads into the library (docs/api.md, Cbox: subidas). Only the uploader reaches a session:
 * anyone else's id is a 404. The parts themselves go to the storage (S3, or /storage/parts: part-routes.ts).
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/subidas', async (c) => {
    const input = await jsonBody(c, cboxUploadCreateSchema);
    return c.json({ data: await createUpload(c.var.deps, currentUser(c), input) });
  })
  .get('/subidas/:id', async (c) => {
    return c.json({ data: await getUpload(c.var.deps, currentUser(c), c.req.param('id')) });
  })
  .post('/subidas/:id/partes', async (c) => {
    const session = await sessionOf(c.var.deps, currentUser(c), c.req.param('id'));
    const { parts } = await jsonBody(c, cboxPartUrlsSchema);
    return c.json({ data: await partUrls(c.var.deps, session, parts, requestOrigin(c)) });
  })
  .post('/subidas/:id/completar', async (c) => {
    const user = currentUser(c);
    const session = await sessionOf(c.var.deps, user, c.req.param('id'));
    const { parts } = await jsonBody(c, cboxUploadCompleteSchema);
    return c.json({ data: await completeUpload(c.var.deps, user, session, parts) });
  })
  .delete('/subidas/:id', async (c) => {
    const id = c.req.param('id');
    await abortUpload(c.var.deps, currentUser(c), id);
    return c.json({ data: { id } });
  });
