import { Hono } from 'hono';
import { RECEPTION_TEMPLATES_EDIT } from '#domain/verifications';
import { templateCreateSchema, templateUpdateSchema } from '#domain/schemas/verifications';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { loadTemplate } from '../shared/scope.ts';
import { createTemplate, listTemplates, updateTemplate } from './templates.ts';

const edit = requirePermission(RECEPTION_TEMPLATES_EDIT);

/**
 * verificaciones/plantillas (docs/api.md, Verifications; config/recepciones): the company's reception templates.
 * Reading needs the module (../routes.ts), writing config_recepciones; no DELETE (deactivate one instead). A foreign
 * id is a 404, checked before the body is read so it never answers a 422 first.
 */
export const templateRoutes = new Hono<AppEnv>()
  .get('/plantillas', async (c) =>
    c.json({ data: await listTemplates(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/plantillas', edit, async (c) => {
    const body = await jsonBody(c, templateCreateSchema);
    return c.json({ data: await createTemplate(c.var.deps, currentUser(c), body) }, 201);
  })
  .patch('/plantillas/:templateId', edit, async (c) => {
    const user = currentUser(c);
    const template = await loadTemplate(c.var.deps.database.db, user, idParam(c.req.param('templateId')));
    const body = await jsonBody(c, templateUpdateSchema);
    return c.json({ data: await updateTemplate(c.var.deps, user, template, body) });
  });
