import { CONFIGURE_PROJECT_OWNERS } from '#domain/permissions';
import { Hono } from 'hono';
import {
  generalConfigSchema,
  globalConfigSchema,
  iframeConfigSchema,
  logoConfigSchema,
  planSchema,
} from '#domain/schemas/deliveries';
import { idList } from '#domain/schemas/common';
import { z } from 'zod';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { getGeneral, getGlobal, getIframe, getLogo, saveGeneral, saveGlobal, saveIframe, saveLogo } from './service.ts';
import { addPlans, listPlans, removePlan } from './plans.ts';

const projectOf = (c: { req: { param: (k: string) => string | undefined } }) => idParam(c.req.param('projectId'));
const globalQuery = z.object({ project_ids: idList() });

/** /config/propietarios: global (default), general, logo, planos, iframe. */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/configuracion/global', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) =>
    c.json({ data: await getGlobal(c.var.deps.database.db, currentUser(c), queryOf(c, globalQuery).project_ids) }),
  )
  .put('/configuracion/global', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) =>
    c.json({ data: await saveGlobal(c.var.deps, currentUser(c), await jsonBody(c, globalConfigSchema)) }),
  )
  .get('/proyectos/:projectId/configuracion/general', async (c) =>
    c.json({ data: await getGeneral(c.var.deps.database.db, currentUser(c), projectOf(c)) }),
  )
  .put('/proyectos/:projectId/configuracion/general', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) =>
    c.json({
      data: await saveGeneral(c.var.deps, currentUser(c), projectOf(c), await jsonBody(c, generalConfigSchema)),
    }),
  )
  .get('/proyectos/:projectId/configuracion/logo', async (c) =>
    c.json({ data: await getLogo(c.var.deps.database.db, currentUser(c), projectOf(c)) }),
  )
  .put('/proyectos/:projectId/configuracion/logo', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) =>
    c.json({
      data: await saveLogo(c.var.deps, currentUser(c), projectOf(c), (await jsonBody(c, logoConfigSchema)).logo_path),
    }),
  )
  .get('/proyectos/:projectId/configuracion/planos', async (c) =>
    c.json({ data: await listPlans(c.var.deps, currentUser(c), projectOf(c)) }),
  )
  .post('/proyectos/:projectId/configuracion/planos', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    const { unit_type_id, paths } = await jsonBody(c, planSchema);
    return c.json({ data: await addPlans(c.var.deps, currentUser(c), projectOf(c), unit_type_id, paths) }, 201);
  })
  .delete(
    '/proyectos/:projectId/configuracion/planos/:planId',
    requirePermission(CONFIGURE_PROJECT_OWNERS),
    async (c) => {
      await removePlan(c.var.deps, currentUser(c), projectOf(c), idParam(c.req.param('planId')));
      return c.json({ data: { deleted: true } });
    },
  )
  .get('/proyectos/:projectId/configuracion/iframe', async (c) =>
    c.json({ data: await getIframe(c.var.deps.database.db, currentUser(c), projectOf(c)) }),
  )
  .put('/proyectos/:projectId/configuracion/iframe', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) =>
    c.json({ data: await saveIframe(c.var.deps, currentUser(c), projectOf(c), await jsonBody(c, iframeConfigSchema)) }),
  );
