import { Hono } from 'hono';
import { CONCRETE_EDIT } from '#domain/concrete';
import { concreteModelSchema } from '#domain/schemas/concrete';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { advanceOf } from '../advance/advance.ts';
import { assertProjectVisible } from '../shared/scope.ts';
import { assignConcreteModel, concreteModelOf, removeConcreteModel } from './model.ts';

/**
 * concrete/uploader and concrete/advanceBim (docs/api.md, Hormigón: uploader and advance): a project's Concrete model,
 * read with the module and changed with hormigon_editar, and the advance of its placements on that model.
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
  .get('/proyectos/:projectId/avance', async (c) => {
    const user = currentUser(c);
    return c.json(await advanceOf(c.var.deps.database.db, user, idParam(c.req.param('projectId'))));
  });
