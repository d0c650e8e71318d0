import { CONFIGURE_PROJECT_OWNERS } from '#domain/permissions';
import { Hono } from 'hono';
import { projectSettingsSchema } from '#domain/schemas/after-sales';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { getSettings, saveSettings } from './service.ts';

/** docs/product.md §2 config propietarios / project configuration (post-sale part): read by staff, saved by configurators. */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/:projectId/configuracion', async (c) =>
    c.json({ data: await getSettings(c.var.deps.database.db, currentUser(c), idParam(c.req.param('projectId'))) }),
  )
  .put('/:projectId/configuracion', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    const input = await jsonBody(c, projectSettingsSchema);
    return c.json({ data: await saveSettings(c.var.deps, currentUser(c), idParam(c.req.param('projectId')), input) });
  });
