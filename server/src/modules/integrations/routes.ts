import { Hono } from 'hono';
import { CONFIG_INTEGRATIONS } from '#domain/integrations';
import type { AppEnv } from '../../http/context.ts';
import { requirePermission, requireStaff } from '../../auth/guard.ts';
import { connectionRoutes } from './connections/routes.ts';
import { syncRoutes } from './sync/routes.ts';
import { procoreRoutes } from './procore/routes.ts';

/** docs/product.md §2 config/integraciones: the company's integrations, behind config_integraciones. */
export const integrationsRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(requirePermission(CONFIG_INTEGRATIONS))
  .route('/', connectionRoutes)
  .route('/', syncRoutes)
  .route('/', procoreRoutes);
