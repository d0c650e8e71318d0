import { Hono } from 'hono';
import { CONFIG_INTEGRATIONS } from '#domain/permissions';
import type { AppEnv } from '../../http/context.ts';
import { requirePermission, requireStaff } from '../../auth/guard.ts';
import { connectionRoutes } from './connections/routes.ts';
import { syncRoutes } from './sync/routes.ts';
import { requestRoutes } from './requests/routes.ts';
import { apiAppRoutes } from './api-apps/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { calendarAdminRoutes } from './calendar/routes.ts';
import { hubspotRoutes } from './hubspot/routes.ts';
import { procoreRoutes } from './procore/routes.ts';

/**
 * docs/product.md §2 config/integraciones: the company's integrations, behind config_integraciones; each
 * sub-feature mounts its routes here (server/src/api.ts mounts this).
 */
export const integrationsRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(requirePermission(CONFIG_INTEGRATIONS))
  .route('/', connectionRoutes)
  .route('/', syncRoutes)
  .route('/', requestRoutes)
  .route('/apps', apiAppRoutes)
  .route('/webhooks', webhookRoutes)
  .route('/calendario', calendarAdminRoutes)
  .route('/', hubspotRoutes)
  .route('/', procoreRoutes);

/** What server/src/app.ts mounts outside the session API: the public API of API apps, the provider's links. */
export { createPublicApi } from './api-apps/public-routes.ts';
export { providerRequestRoutes } from './requests/routes.ts';

/** The scheduling tool's public feeds (server/src/app.ts) and each staff user's own feed (server/src/api.ts). */
export { calendarFeedRoutes, personalFeedRoutes } from './calendar/routes.ts';
export { FEED_PATH } from './calendar/feeds.ts';
