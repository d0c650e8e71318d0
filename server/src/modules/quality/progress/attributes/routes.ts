import { Hono } from 'hono';
import { QUALITY_EDIT } from '#domain/quality';
import { attributeSchema, attributeValueSchema, attributeValuesBulkSchema } from '#domain/schemas/quality';
import type { AppEnv } from '../../../../http/context.ts';
import { currentUser, requirePermission } from '../../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../../lib/validate.ts';
import {
  attributeRow,
  createAttribute,
  createValue,
  createValues,
  deleteAttribute,
  deleteValue,
  listAttributes,
  loadAttribute,
  loadValue,
  renameAttribute,
  renameValue,
} from './attributes.ts';

const edit = requirePermission(QUALITY_EDIT);

/**
 * calidad/atributos (docs/api.md, Quality): the company's attributes and their values, read with modulo_calidad
 * (progress/routes.ts) and written with calidad_editar. A foreign attribute or value id is a 404.
 */
export const attributeRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ data: await listAttributes(c.var.deps.database.db, currentUser(c).companyId) }))
  .post('/', edit, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const { name } = await jsonBody(c, attributeSchema);
    const row = await createAttribute(db, companyId, name);
    return c.json({ data: await attributeRow(db, companyId, row.id) }, 201);
  })
  .patch('/:attributeId', edit, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const attribute = await loadAttribute(db, companyId, idParam(c.req.param('attributeId')));
    await renameAttribute(db, attribute, (await jsonBody(c, attributeSchema)).name);
    return c.json({ data: await attributeRow(db, companyId, attribute.id) });
  })
  .delete('/:attributeId', edit, async (c) => {
    const user = currentUser(c);
    const attribute = await loadAttribute(c.var.deps.database.db, user.companyId, idParam(c.req.param('attributeId')));
    const activityCount = await deleteAttribute(c.var.deps, attribute, user.id);
    return c.json({ data: { id: attribute.id, activity_count: activityCount } });
  })
  .post('/:attributeId/valores', edit, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const attribute = await loadAttribute(db, companyId, idParam(c.req.param('attributeId')));
    await createValue(db, attribute, (await jsonBody(c, attributeValueSchema)).name);
    return c.json({ data: await attributeRow(db, companyId, attribute.id) }, 201);
  })
  .post('/:attributeId/valores/masivo', edit, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const attribute = await loadAttribute(db, companyId, idParam(c.req.param('attributeId')));
    const created = await createValues(db, attribute, (await jsonBody(c, attributeValuesBulkSchema)).names);
    return c.json({ data: await attributeRow(db, companyId, attribute.id), created: created.length }, 201);
  })
  .patch('/:attributeId/valores/:valueId', edit, async (c) => {
    const { companyId } = currentUser(c);
    const db = c.var.deps.database.db;
    const attribute = await loadAttribute(db, companyId, idParam(c.req.param('attributeId')));
    const value = await loadValue(db, attribute, idParam(c.req.param('valueId')));
    await renameValue(db, value, (await jsonBody(c, attributeValueSchema)).name);
    return c.json({ data: await attributeRow(db, companyId, attribute.id) });
  })
  .delete('/:attributeId/valores/:valueId', edit, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const attribute = await loadAttribute(db, user.companyId, idParam(c.req.param('attributeId')));
    const value = await loadValue(db, attribute, idParam(c.req.param('valueId')));
    const activityCount = await deleteValue(c.var.deps, value, user.id);
    return c.json({ data: { id: value.id, activity_count: activityCount } });
  });
