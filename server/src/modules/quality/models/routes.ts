import { Hono } from 'hono';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MODELS_MANAGE, MODELS_READ, QUALITY_EDIT } from '#domain/quality';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import {
  elementsQuerySchema,
  linkRuleSchema,
  modelCreateSchema,
  modelFileAttachSchema,
  modelListQuerySchema,
  modelUpdateSchema,
} from '#domain/schemas/quality';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, visibleProjectsOf } from '../../../auth/guard.ts';
import { bimModelFiles, bimModels } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { storageOf } from '../../../storage/index.ts';
import { sendStream } from '../../files/service.ts';
import { loadModel } from '../shared/scope.ts';
import { modelDto, modelDtos } from './dto.ts';
import { activityElementsOf, listElements } from './elements.ts';
import { applyLinkRule } from './link-rule.ts';
import { attachModelFile, createModel, deleteModel, deleteModelFile, renameModel, reprocessModel } from './service.ts';

/**
 * BIM models (docs/api.md, Quality: calidad/modelos), mounted for staff: read with modulo_calidad, modulo_hormigon
 * or config_proyectos (MODELS_READ), written with config_proyectos (MODELS_MANAGE); the link rule writes activities'
 * links, so it needs the Quality module and calidad_editar. Everything is scoped to the caller's company and projects
 * (shared/scope.ts): a foreign model or file is a 404.
 */
export const modelRoutes = new Hono<AppEnv>()
  .use(requirePermission(MODELS_READ))
  .get('/', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const q = queryOf(c, modelListQuerySchema);
    const projectIds = visibleProjectsOf(user, q.project_id ? [q.project_id] : undefined);
    const rows = await db
      .select()
      .from(bimModels)
      .where(and(eq(bimModels.companyId, user.companyId), inArray(bimModels.projectId, projectIds)))
      .orderBy(asc(bimModels.name), asc(bimModels.id));
    return c.json({ data: await modelDtos(db, rows) });
  })
  .post('/', requirePermission(MODELS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const model = await createModel(deps, currentUser(c), await jsonBody(c, modelCreateSchema));
    return c.json({ data: await modelDto(deps.database.db, model) }, 201);
  })
  .get('/:modelId', async (c) => {
    const db = c.var.deps.database.db;
    const model = await loadModel(db, currentUser(c), idParam(c.req.param('modelId')));
    return c.json({ data: await modelDto(db, model) });
  })
  .patch('/:modelId', requirePermission(MODELS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const id = idParam(c.req.param('modelId'));
    // A foreign id is a 404 whatever the body says: the model is looked up before the body is read.
    await loadModel(deps.database.db, user, id);
    const { name } = await jsonBody(c, modelUpdateSchema);
    return c.json({ data: await modelDto(deps.database.db, await renameModel(deps, user, id, name)) });
  })
  .delete('/:modelId', requirePermission(MODELS_MANAGE), async (c) => {
    const id = idParam(c.req.param('modelId'));
    await deleteModel(c.var.deps, currentUser(c), id);
    return c.json({ data: { id } });
  })
  .post('/:modelId/archivos', requirePermission(MODELS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const id = idParam(c.req.param('modelId'));
    await loadModel(deps.database.db, user, id);
    const model = await attachModelFile(deps, user, id, await jsonBody(c, modelFileAttachSchema));
    return c.json({ data: await modelDto(deps.database.db, await loadModel(deps.database.db, user, model.id)) }, 201);
  })
  .delete('/:modelId/archivos/:modelFileId', requirePermission(MODELS_MANAGE), async (c) => {
    const modelId = idParam(c.req.param('modelId'));
    const fileId = idParam(c.req.param('modelFileId'));
    await deleteModelFile(c.var.deps, currentUser(c), modelId, fileId);
    return c.json({ data: { id: fileId } });
  })
  /**
   * The fragments of a ready file (what the viewer loads, fragments_url of the model's answer): streamed to whoever
   * may read the model, private, revalidated by ETag (the attempt is part of it and of the URL).
   */
  .get('/:modelId/archivos/:modelFileId/fragmentos', async (c) => {
    const deps = c.var.deps;
    const model = await loadModel(deps.database.db, currentUser(c), idParam(c.req.param('modelId')));
    const [file] = await deps.database.db
      .select()
      .from(bimModelFiles)
      .where(and(eq(bimModelFiles.id, idParam(c.req.param('modelFileId'))), eq(bimModelFiles.modelId, model.id)));
    if (!file || file.state !== 'listo' || !file.fragmentsPath) throw notFound();
    const storage = storageOf(deps);
    const info = await storage.stat(file.fragmentsPath);
    if (!info) throw notFound();
    const etag = `"frag-${file.id}-${file.attempt}-${info.size}"`;
    const headers: Record<string, string> = {
      'Content-Type': 'application/octet-stream',
      'Cache-Control': 'private, no-cache',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    const tags = c.req.header('If-None-Match');
    if (tags?.split(',').some((t) => t.trim() === etag)) return sendStream(c, { status: 304, headers });
    headers['Content-Length'] = String(info.size);
    return sendStream(c, { status: 200, headers, body: await storage.read(file.fragmentsPath) });
  })
  .post('/:modelId/reprocesar', requirePermission(MODELS_MANAGE), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const model = await reprocessModel(deps, user, idParam(c.req.param('modelId')));
    return c.json({ data: await modelDto(deps.database.db, model) });
  })
  .get('/:modelId/elementos', async (c) => {
    const db = c.var.deps.database.db;
    const model = await loadModel(db, currentUser(c), idParam(c.req.param('modelId')));
    return c.json(await listElements(db, model, queryOf(c, elementsQuerySchema)));
  })
  .get('/:modelId/actividades-elementos', async (c) => {
    const db = c.var.deps.database.db;
    const model = await loadModel(db, currentUser(c), idParam(c.req.param('modelId')));
    return c.json({ data: await activityElementsOf(db, model) });
  })
  .post('/:modelId/regla-vinculo', requirePermission(`${MODULE_PERMISSIONS.quality}&${QUALITY_EDIT}`), async (c) => {
    const id = idParam(c.req.param('modelId'));
    await loadModel(c.var.deps.database.db, currentUser(c), id);
    const input = await jsonBody(c, linkRuleSchema);
    return c.json({ data: await applyLinkRule(c.var.deps, currentUser(c), id, input) });
  });
