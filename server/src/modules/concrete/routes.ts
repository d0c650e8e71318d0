import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { batchRoutes } from './batches/routes.ts';
import { configRoutes } from './config/routes.ts';
import { placementRoutes } from './placements/routes.ts';
import { uploaderRoutes } from './uploader/routes.ts';

/**
 * Concrete (docs/product.md §2 config/hormigon; domain/concrete.ts), mounted at /hormigon for staff with the module
 * (modulo_hormigon): its configuration, written with hormigon_editar. docs/api.md lists every endpoint.
 */
export const concreteRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('concrete'))
  .route('/', configRoutes)
  .route('/', placementRoutes)
  .route('/', batchRoutes)
  .route('/', uploaderRoutes);
