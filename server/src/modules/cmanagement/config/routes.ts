import { Hono } from 'hono';
import { CM_CONFIGURE } from '#domain/cmanagement';
import {
  cmCategorySchema,
  cmCategoryUpdateSchema,
  cmCustomFieldSchema,
  cmCustomFieldUpdateSchema,
  cmFieldOrderSchema,
  cmTaskTemplateSchema,
  cmTaskTemplateUpdateSchema,
} from '#domain/schemas/cmanagement';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import {
  cmCategoryRow,
  createCmCategory,
  deleteCmCategory,
  listCmCategories,
  loadCmCategory,
  updateCmCategory,
} from './categories.ts';
import {
  createCmField,
  deleteCmField,
  fieldRow,
  listCmFields,
  loadCmField,
  reorderCmFields,
  updateCmField,
} from './fields.ts';
import {
  createCmTemplate,
  deleteCmTemplate,
  listCmTemplates,
  loadCmTemplate,
  templateRow,
  updateCmTemplate,
} from './task-templates.ts';

const configure = requirePermission(CM_CONFIGURE);

/**
 * config/cmanagement (docs/api.md, Cmanagement): categories, their custom fields and task templates, all of the
 * caller's company (a foreign id is a 404). Reading needs the module, writing cmanagement_configurar.
 */
export const configRoutes = new Hono<AppEnv>()
  .get('/categorias', async (c) =>
    c.json({ data: await listCmCategories(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/categorias', configure, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const row = await createCmCategory(db, companyId, await jsonBody(c, cmCategorySchema));
    return c.json({ data: await cmCategoryRow(db, companyId, row.id) }, 201);
  })
  .patch('/categorias/:cmCategoryId', configure, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, companyId, idParam(c.req.param('cmCategoryId')));
    await updateCmCategory(db, category, await jsonBody(c, cmCategoryUpdateSchema));
    return c.json({ data: await cmCategoryRow(db, companyId, category.id) });
  })
  .delete('/categorias/:cmCategoryId', configure, async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    await deleteCmCategory(db, category);
    return c.json({ data: { id: category.id } });
  })
  .get('/categorias/:cmCategoryId/campos', async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    return c.json({ data: (await listCmFields(db, category)).map(fieldRow) });
  })
  .post('/categorias/:cmCategoryId/campos', configure, async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    const field = await createCmField(db, category, await jsonBody(c, cmCustomFieldSchema));
    return c.json({ data: fieldRow(field) }, 201);
  })
  .put('/categorias/:cmCategoryId/campos/orden', configure, async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    await reorderCmFields(db, category, await jsonBody(c, cmFieldOrderSchema));
    return c.json({ data: (await listCmFields(db, category)).map(fieldRow) });
  })
  .patch('/campos/:cmFieldId', configure, async (c) => {
    const db = c.var.deps.database.db;
    const field = await loadCmField(db, currentUser(c).companyId, idParam(c.req.param('cmFieldId')));
    return c.json({ data: fieldRow(await updateCmField(db, field, await jsonBody(c, cmCustomFieldUpdateSchema))) });
  })
  .delete('/campos/:cmFieldId', configure, async (c) => {
    const db = c.var.deps.database.db;
    const field = await loadCmField(db, currentUser(c).companyId, idParam(c.req.param('cmFieldId')));
    await deleteCmField(db, field);
    return c.json({ data: { id: field.id } });
  })
  .get('/categorias/:cmCategoryId/plantillas', async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    return c.json({ data: (await listCmTemplates(db, category.id)).map(templateRow) });
  })
  .post('/categorias/:cmCategoryId/plantillas', configure, async (c) => {
    const db = c.var.deps.database.db;
    const category = await loadCmCategory(db, currentUser(c).companyId, idParam(c.req.param('cmCategoryId')));
    const template = await createCmTemplate(db, category, await jsonBody(c, cmTaskTemplateSchema));
    return c.json({ data: templateRow(template) }, 201);
  })
  .patch('/plantillas/:cmTemplateId', configure, async (c) => {
    const db = c.var.deps.database.db;
    const template = await loadCmTemplate(db, currentUser(c).companyId, idParam(c.req.param('cmTemplateId')));
    const body = await jsonBody(c, cmTaskTemplateUpdateSchema);
    return c.json({ data: templateRow(await updateCmTemplate(db, template, body)) });
  })
  .delete('/plantillas/:cmTemplateId', configure, async (c) => {
    const db = c.var.deps.database.db;
    const template = await loadCmTemplate(db, currentUser(c).companyId, idParam(c.req.param('cmTemplateId')));
    await deleteCmTemplate(db, template);
    return c.json({ data: { id: template.id } });
  });
