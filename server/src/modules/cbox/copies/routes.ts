import { Hono } from 'hono';
import { cboxAttachCopySchema, cboxSaveCopySchema } from '#domain/schemas/cbox';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { copyForAttachment, saveToLibrary } from './service.ts';

/**
 * Cbox and the rest of the app (docs/api.md, Cbox; docs/product.md §1): a library file copied into an uploader, and
 * an attachment saved to the library. Both copy the bytes (copies/service.ts).
 */
export const copyRoutes = new Hono<AppEnv>()
  .post('/archivos/:cboxFileId/copia', async (c) => {
    const id = idParam(c.req.param('cboxFileId'));
    const input = await jsonBody(c, cboxAttachCopySchema);
    return c.json({ data: await copyForAttachment(c.var.deps, currentUser(c), id, input) }, 201);
  })
  .post('/guardar', async (c) => {
    const input = await jsonBody(c, cboxSaveCopySchema);
    return c.json({ data: await saveToLibrary(c.var.deps, currentUser(c), input) }, 201);
  });
