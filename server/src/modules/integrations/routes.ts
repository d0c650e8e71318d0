import { Hono } from 'hono';
import { CONFIG_INTEGRATIONS } from '#domain/integrations';
import type { AppEnv } from '../../http/context.ts';
import { requirePermission, requireStaff } from '../../auth/guard.ts';
import { connectionRoutes } from './connections/routes.ts';
import { calendarAdminRoutes } from './calendar/routes.ts';

/** docs/product.md §2 config/integraciones: the company's integrations, behind config_integraciones. */
export const integrationsRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(requirePermission(CONFIG_INTEGRATIONS))
  .route('/', connectionRoutes)
  .route('/calendario', calendarAdminRoutes);

/** The scheduling tool's public feeds (server/src/app.ts) and each staff user's own feed (server/src/api.ts). */
export { calendarFeedRoutes, personalFeedRoutes } from './calendar/routes.ts';
export { FEED_PATH } from './calendar/feeds.ts';
