import { Hono } from 'hono';
import { z } from 'zod';
import { QUALITY_EDIT } from '#domain/quality';
import {
  activityBulkSchema,
  activityCreateSchema,
  activityElementsSchema,
  activityLinkCreateSchema,
  activityListQuerySchema,
  activityMoveSchema,
  activityUpdateSchema,
} from '#domain/schemas/quality';
import type { AppEnv } from '../../../../http/context.ts';
import { currentUser, requirePermission } from '../../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../../lib/validate.ts';
import { sheetDownload } from '../../../../lib/spreadsheet.ts';
import { loadActivityList } from './list.ts';
import { createActivities, createActivity, deleteActivity, updateActivity } from './service.ts';
import { moveActivityById } from './move.ts';
import { historyOf, replaceElements } from './elements.ts';
import { createLink, deleteLink } from './links.ts';
import { activityColumns } from './export.ts';
import { loadActivity } from '../shared/scope.ts';

const exportQuery = z.object({ format: z.enum(['xlsx', 'csv'], { error: 'validation.invalid' }).default('xlsx') });

/**
 * Activities and their dependencies (docs/api.md, Quality: calidad/actividades, calidad/dependencias), mounted at
 * /calidad behind modulo_calidad; every write needs calidad_editar and emits one 'quality.activities.changed'
 * event on the project's topic (../shared/events.ts).
 */
export const activityRoutes = new Hono<AppEnv>()
  .get('/actividades', async (c) =>
    c.json(await loadActivityList(c.var.deps.database.db, currentUser(c), queryOf(c, activityListQuerySchema))),
  )
  .get('/actividades/exportar', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const query = queryOf(c, activityListQuerySchema);
    const { format } = queryOf(c, exportQuery);
    const list = await loadActivityList(db, user, query);
    return sheetDownload(c, {
      format,
      locale: c.var.locale,
      baseName: 'actividades',
      sheetName: c.var.t('quality.export.sheet'),
      columns: await activityColumns(db, user.companyId, c.var.t),
      rows: list.data,
    });
  })
  .post('/actividades', requirePermission(QUALITY_EDIT), async (c) => {
    const row = await createActivity(c.var.deps, currentUser(c), await jsonBody(c, activityCreateSchema));
    return c.json({ data: row }, 201);
  })
  .post('/actividades/masivo', requirePermission(QUALITY_EDIT), async (c) => {
    const rows = await createActivities(c.var.deps, currentUser(c), await jsonBody(c, activityBulkSchema));
    return c.json({ data: rows }, 201);
  })
  .patch('/actividades/:activityId', requirePermission(QUALITY_EDIT), async (c) => {
    const id = idParam(c.req.param('activityId'));
    // A foreign id is a 404 whatever the body says: the activity is looked up before the body is read.
    await loadActivity(c.var.deps.database.db, currentUser(c), id);
    const row = await updateActivity(c.var.deps, currentUser(c), id, await jsonBody(c, activityUpdateSchema));
    return c.json({ data: row });
  })
  .delete('/actividades/:activityId', requirePermission(QUALITY_EDIT), async (c) => {
    const deleted = await deleteActivity(c.var.deps, currentUser(c), idParam(c.req.param('activityId')));
    return c.json({ data: deleted });
  })
  .post('/actividades/:activityId/mover', requirePermission(QUALITY_EDIT), async (c) => {
    const id = idParam(c.req.param('activityId'));
    await loadActivity(c.var.deps.database.db, currentUser(c), id);
    const rows = await moveActivityById(c.var.deps, currentUser(c), id, await jsonBody(c, activityMoveSchema));
    return c.json({ data: rows });
  })
  .get('/actividades/:activityId/historial', async (c) => {
    const id = idParam(c.req.param('activityId'));
    return c.json({ data: await historyOf(c.var.deps.database.db, currentUser(c), id) });
  })
  .put('/actividades/:activityId/elementos', requirePermission(QUALITY_EDIT), async (c) => {
    const id = idParam(c.req.param('activityId'));
    await loadActivity(c.var.deps.database.db, currentUser(c), id);
    const row = await replaceElements(c.var.deps, currentUser(c), id, await jsonBody(c, activityElementsSchema));
    return c.json({ data: row });
  })
  .post('/dependencias', requirePermission(QUALITY_EDIT), async (c) => {
    const link = await createLink(c.var.deps, currentUser(c), await jsonBody(c, activityLinkCreateSchema));
    return c.json({ data: link }, 201);
  })
  .delete('/dependencias/:dependencyId', requirePermission(QUALITY_EDIT), async (c) => {
    const id = await deleteLink(c.var.deps, currentUser(c), idParam(c.req.param('dependencyId')));
    return c.json({ data: { id } });
  });
