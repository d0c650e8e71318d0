import { Hono } from 'hono';
import { emptyBody } from '#domain/commands';
import { procoreProjectLinksSchema, procoreSettingsSchema } from '#domain/schemas/procore';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { listObservationLinks } from './observation-links.ts';
import { listProjectLinks, saveProjectLinks } from './project-links.ts';
import { probeProcore, saveProcoreSettings } from './settings.ts';

/**
 * docs/product.md §2 config/integraciones/procore: credentials, "Probar conexión", the project mapping and the
 * linked observations. Activation and the log are the shared routes (connections/, sync/).
 */
export const procoreRoutes = new Hono<AppEnv>()
  .put('/procore', async (c) => {
    const input = await jsonBody(c, procoreSettingsSchema);
    const data = await saveProcoreSettings(c.var.deps, currentUser(c), input);
    return c.json({ message: c.var.t('integrations.procore.saved'), data });
  })
  .post('/procore/probar', async (c) => {
    await jsonBody(c, emptyBody);
    const data = await probeProcore(c.var.deps, currentUser(c));
    return c.json({ message: c.var.t('integrations.procore.probe_ok', { count: data.projects.length }), data });
  })
  .get('/procore/proyectos', async (c) => c.json({ data: await listProjectLinks(c.var.deps, currentUser(c)) }))
  .put('/procore/proyectos', async (c) => {
    const input = await jsonBody(c, procoreProjectLinksSchema);
    const data = await saveProjectLinks(c.var.deps, currentUser(c), input);
    return c.json({ message: c.var.t('integrations.procore.projects_saved'), data });
  })
  .get('/procore/observaciones', async (c) => c.json({ data: await listObservationLinks(c.var.deps, currentUser(c)) }));
