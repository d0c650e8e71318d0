import { Hono } from 'hono';
import { CONFIG_INTEGRATIONS } from '#domain/permissions';
import { apiAppCreateSchema, apiAppUpdateSchema, apiCallLogQuerySchema } from '#domain/schemas/api-apps';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireStaff } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { listCalls } from './call-log.ts';
import { apiAppDetail, createApiApp, listApiApps, revokeApiApp, rotateApiAppSecret, updateApiApp } from './service.ts';

/**
 * docs/product.md §2 config integraciones apps: the company's API apps (create, rename or rescope, rotate the
 * secret, revoke) and each app's call log, managed with config_integraciones.
 */
export const apiAppRoutes = new Hono<AppEnv>()
  .use(requireStaff, requirePermission(CONFIG_INTEGRATIONS))
  .get('/', async (c) => c.json({ data: await listApiApps(c.var.deps.database.db, currentUser(c)) }))
  .post('/', async (c) => {
    const input = await jsonBody(c, apiAppCreateSchema);
    return c.json({ data: await createApiApp(c.var.deps.database.db, currentUser(c), input) }, 201);
  })
  .get('/:appId', async (c) =>
    c.json({ data: await apiAppDetail(c.var.deps.database.db, currentUser(c), idParam(c.req.param('appId'))) }),
  )
  .patch('/:appId', async (c) => {
    const id = idParam(c.req.param('appId'));
    const input = await jsonBody(c, apiAppUpdateSchema);
    return c.json({ data: await updateApiApp(c.var.deps.database.db, currentUser(c), id, input) });
  })
  .post('/:appId/rotar', async (c) =>
    c.json({ data: await rotateApiAppSecret(c.var.deps.database.db, currentUser(c), idParam(c.req.param('appId'))) }),
  )
  .post('/:appId/revocar', async (c) =>
    c.json({ data: await revokeApiApp(c.var.deps.database.db, currentUser(c), idParam(c.req.param('appId'))) }),
  )
  .get('/:appId/logs', async (c) => {
    const id = idParam(c.req.param('appId'));
    return c.json(await listCalls(c.var.deps.database.db, currentUser(c), id, queryOf(c, apiCallLogQuerySchema)));
  });
