import { Hono } from 'hono';
import { CONCRETE_EDIT } from '#domain/concrete';
import {
  concreteCompanyCreateSchema,
  concreteCompanyUpdateSchema,
  concreteElementCreateSchema,
  concreteElementUpdateSchema,
  concreteSettingsSchema,
  concreteTypeCreateSchema,
  concreteTypeUpdateSchema,
  laboratoryCreateSchema,
  laboratoryUpdateSchema,
} from '#domain/schemas/concrete';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import {
  addDefaultElements,
  createConcreteCompany,
  createConcreteType,
  createElement,
  createLaboratory,
  listConcreteCompanies,
  listConcreteTypes,
  listElements,
  listLaboratories,
  loadConcreteCompany,
  loadConcreteType,
  loadElement,
  loadLaboratory,
  updateConcreteCompany,
  updateConcreteType,
  updateElement,
  updateLaboratory,
} from './catalogues.ts';
import { concreteSettingsOf, saveConcreteSettings } from './settings.ts';

const edit = requirePermission(CONCRETE_EDIT);

/**
 * config/hormigon (docs/api.md, Concrete): the caller's company's elements, laboratories, concrete companies, types
 * and settings. Reading needs the module (routes.ts), writing hormigon_editar; a foreign id is a 404, checked before
 * the body is read so it never answers a 422 first.
 */
export const configRoutes = new Hono<AppEnv>()
  .get('/elementos', async (c) =>
    c.json({ data: await listElements(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/elementos', edit, async (c) => {
    const body = await jsonBody(c, concreteElementCreateSchema);
    return c.json({ data: await createElement(c.var.deps, currentUser(c), body) }, 201);
  })
  .post('/elementos/predeterminados', edit, async (c) =>
    c.json({ data: await addDefaultElements(c.var.deps, currentUser(c)) }),
  )
  .patch('/elementos/:elementId', edit, async (c) => {
    const user = currentUser(c);
    const element = await loadElement(c.var.deps.database.db, user.companyId, idParam(c.req.param('elementId')));
    const body = await jsonBody(c, concreteElementUpdateSchema);
    return c.json({ data: await updateElement(c.var.deps, user, element, body) });
  })
  .get('/laboratorios', async (c) =>
    c.json({ data: await listLaboratories(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/laboratorios', edit, async (c) => {
    const body = await jsonBody(c, laboratoryCreateSchema);
    return c.json({ data: await createLaboratory(c.var.deps, currentUser(c), body) }, 201);
  })
  .patch('/laboratorios/:laboratoryId', edit, async (c) => {
    const user = currentUser(c);
    const lab = await loadLaboratory(c.var.deps.database.db, user.companyId, idParam(c.req.param('laboratoryId')));
    const body = await jsonBody(c, laboratoryUpdateSchema);
    return c.json({ data: await updateLaboratory(c.var.deps, user, lab, body) });
  })
  .get('/empresas', async (c) =>
    c.json({ data: await listConcreteCompanies(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/empresas', edit, async (c) => {
    const body = await jsonBody(c, concreteCompanyCreateSchema);
    return c.json({ data: await createConcreteCompany(c.var.deps, currentUser(c), body) }, 201);
  })
  .patch('/empresas/:concreteCompanyId', edit, async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('concreteCompanyId'));
    const supplier = await loadConcreteCompany(c.var.deps.database.db, user.companyId, id);
    const body = await jsonBody(c, concreteCompanyUpdateSchema);
    return c.json({ data: await updateConcreteCompany(c.var.deps, user, supplier, body) });
  })
  .get('/tipos', async (c) =>
    c.json({ data: await listConcreteTypes(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/tipos', edit, async (c) => {
    const body = await jsonBody(c, concreteTypeCreateSchema);
    return c.json({ data: await createConcreteType(c.var.deps, currentUser(c), body) }, 201);
  })
  .patch('/tipos/:concreteTypeId', edit, async (c) => {
    const user = currentUser(c);
    const type = await loadConcreteType(c.var.deps.database.db, user.companyId, idParam(c.req.param('concreteTypeId')));
    const body = await jsonBody(c, concreteTypeUpdateSchema);
    return c.json({ data: await updateConcreteType(c.var.deps, user, type, body) });
  })
  .get('/configuracion', async (c) =>
    c.json({ data: await concreteSettingsOf(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .put('/configuracion', edit, async (c) => {
    const body = await jsonBody(c, concreteSettingsSchema);
    return c.json({ data: await saveConcreteSettings(c.var.deps, currentUser(c), body) });
  });
