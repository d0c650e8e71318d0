import { Hono } from 'hono';
import { CBOX_ADMIN } from '#domain/cbox';
import {
  cboxFileRenameSchema,
  cboxFolderCreateSchema,
  cboxFolderRenameSchema,
  cboxListQuerySchema,
  cboxMoveSchema,
  cboxQuotaSchema,
  cboxSearchQuerySchema,
  cboxSelectionSchema,
} from '#domain/schemas/cbox';
import { emptyBody } from '#domain/commands';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { fileActivity, fileDetail, renameFile, restoreVersion } from './files.ts';
import { createFolder, folderDetail, renameFolder } from './folders.ts';
import { listContents, searchItems } from './listing.ts';
import { moveItems } from './move.ts';
import { librarySummary, setQuota } from './summary.ts';
import { deleteItems, emptyTrash, listTrash, restoreTrash } from './trash.ts';

/** The trash pages like the listing (its page and page-size bounds). */
const trashQuerySchema = cboxListQuerySchema.pick({ page: true, rowsPerPage: true });

/** The explorer's routes (docs/api.md, Cbox): listing, search, folders, files, move, trash, summary and quota. */
export const explorerRoutes = new Hono<AppEnv>()
  .get('/contenido', async (c) => {
    const q = queryOf(c, cboxListQuerySchema);
    return c.json(await listContents(c.var.deps.database.db, currentUser(c), q));
  })
  .get('/buscar', async (c) => {
    const q = queryOf(c, cboxSearchQuerySchema);
    return c.json(await searchItems(c.var.deps.database.db, currentUser(c), q));
  })
  .get('/resumen', async (c) => c.json({ data: await librarySummary(c.var.deps, currentUser(c)) }))
  .put('/cuota', requirePermission(CBOX_ADMIN), async (c) => {
    const input = await jsonBody(c, cboxQuotaSchema);
    return c.json({ data: await setQuota(c.var.deps, currentUser(c), input.quota_bytes) });
  })
  .get('/carpetas/:cboxFolderId', async (c) => {
    const id = idParam(c.req.param('cboxFolderId'));
    return c.json({ data: await folderDetail(c.var.deps.database.db, currentUser(c), id) });
  })
  .post('/carpetas', async (c) => {
    const input = await jsonBody(c, cboxFolderCreateSchema);
    return c.json({ data: await createFolder(c.var.deps, currentUser(c), input) }, 201);
  })
  .patch('/carpetas/:cboxFolderId', async (c) => {
    const id = idParam(c.req.param('cboxFolderId'));
    const input = await jsonBody(c, cboxFolderRenameSchema);
    return c.json({ data: await renameFolder(c.var.deps, currentUser(c), id, input) });
  })
  .get('/archivos/:cboxFileId', async (c) => {
    const id = idParam(c.req.param('cboxFileId'));
    return c.json({ data: await fileDetail(c.var.deps.database.db, currentUser(c), id) });
  })
  .patch('/archivos/:cboxFileId', async (c) => {
    const id = idParam(c.req.param('cboxFileId'));
    const input = await jsonBody(c, cboxFileRenameSchema);
    return c.json({ data: await renameFile(c.var.deps, currentUser(c), id, input) });
  })
  .post('/archivos/:cboxFileId/versiones/:cboxVersionId/restaurar', async (c) => {
    const id = idParam(c.req.param('cboxFileId'));
    const versionId = idParam(c.req.param('cboxVersionId'));
    await jsonBody(c, emptyBody);
    return c.json({ data: await restoreVersion(c.var.deps, currentUser(c), id, versionId) });
  })
  .get('/archivos/:cboxFileId/actividad', async (c) => {
    const id = idParam(c.req.param('cboxFileId'));
    return c.json({ data: await fileActivity(c.var.deps.database.db, currentUser(c), id) });
  })
  .post('/mover', async (c) => {
    const input = await jsonBody(c, cboxMoveSchema);
    return c.json({ data: await moveItems(c.var.deps, currentUser(c), input) });
  })
  .post('/eliminar', async (c) => {
    const input = await jsonBody(c, cboxSelectionSchema);
    return c.json({ data: await deleteItems(c.var.deps, currentUser(c), input) });
  })
  .get('/papelera', async (c) => {
    const q = queryOf(c, trashQuerySchema);
    return c.json(await listTrash(c.var.deps.database.db, currentUser(c), q));
  })
  .post('/papelera/restaurar', async (c) => {
    const input = await jsonBody(c, cboxSelectionSchema);
    return c.json({ data: await restoreTrash(c.var.deps, currentUser(c), input) });
  })
  .post('/papelera/vaciar', async (c) => {
    const input = await jsonBody(c, cboxSelectionSchema);
    return c.json({ data: await emptyTrash(c.var.deps, currentUser(c), input) });
  });
