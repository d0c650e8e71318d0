import { Hono } from 'hono';
import { CONCRETE_EDIT } from '#domain/concrete';
import {
  concreteDocumentListQuerySchema,
  concreteDocumentsSchema,
  concreteModelSchema,
} from '#domain/schemas/concrete';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { advanceOf } from '../advance/advance.ts';
import { assertProjectVisible } from '../shared/scope.ts';
import { addConcreteDocuments, listConcreteDocuments, removeConcreteDocument } from './documents.ts';
import { assignConcreteModel, concreteModelOf, removeConcreteModel } from './model.ts';

/**
 * concrete/uploader and concrete/advanceBim (docs/api.md, Hormigón: uploader and advance): a project's Concrete model
 * and its supporting documents (PDFs), read with the module and changed with hormigon_editar, and the advance of its
 * placements on that model.
 */
export const uploaderRoutes = new Hono<AppEnv>()
  .get('/proyectos/:projectId/modelo', async (c) => {
    const user = currentUser(c);
    return c.json(await concreteModelOf(c.var.deps.database.db, user, idParam(c.req.param('projectId'))));
  })
  .put('/proyectos/:projectId/modelo', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const projectId = idParam(c.req.param('projectId'));
    assertProjectVisible(user, projectId);
    const { model_id } = await jsonBody(c, concreteModelSchema);
    await assignConcreteModel(deps, user, projectId, model_id);
    return c.json(await concreteModelOf(deps.database.db, user, projectId));
  })
  .delete('/proyectos/:projectId/modelo', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const projectId = idParam(c.req.param('projectId'));
    await removeConcreteModel(deps, user, projectId);
    return c.json(await concreteModelOf(deps.database.db, user, projectId));
  })
  .get('/proyectos/:projectId/documentos', async (c) => {
    const user = currentUser(c);
    const projectId = idParam(c.req.param('projectId'));
    assertProjectVisible(user, projectId);
    const query = queryOf(c, concreteDocumentListQuerySchema);
    return c.json({ data: await listConcreteDocuments(c.var.deps.database.db, user, projectId, query) });
  })
  .post('/proyectos/:projectId/documentos', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    const projectId = idParam(c.req.param('projectId'));
    assertProjectVisible(user, projectId);
    const body = await jsonBody(c, concreteDocumentsSchema);
    return c.json({ data: await addConcreteDocuments(c.var.deps, user, projectId, body) }, 201);
  })
  .delete('/documentos/:documentId', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    await removeConcreteDocument(c.var.deps, user, idParam(c.req.param('documentId')));
    return c.body(null, 204);
  })
  .get('/proyectos/:projectId/avance', async (c) => {
    const user = currentUser(c);
    return c.json(await advanceOf(c.var.deps.database.db, user, idParam(c.req.param('projectId'))));
  });
