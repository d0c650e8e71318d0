import { Hono } from 'hono';
import { emptyBody } from '#domain/commands';
import { hubspotSettingsSchema } from '#domain/schemas/hubspot';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { probeHubspot, saveHubspotSettings } from './service.ts';

/** docs/product.md §2 config/integraciones/hubspot: the CRM's settings, and a check of its token. */
export const hubspotRoutes = new Hono<AppEnv>()
  .put('/hubspot', async (c) => {
    const input = await jsonBody(c, hubspotSettingsSchema);
    const data = await saveHubspotSettings(c.var.deps, currentUser(c), input);
    return c.json({ message: c.var.t('integrations.hubspot.saved'), data });
  })
  .post('/hubspot/probar', async (c) => {
    await jsonBody(c, emptyBody);
    return c.json({ data: await probeHubspot(c.var.deps, currentUser(c), c.var.t) });
  });
