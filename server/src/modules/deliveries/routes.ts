import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { fichaRoutes } from './fichas/routes.ts';
import { ownerRoutes } from './owners/routes.ts';
import { scheduleRoutes } from './schedule/routes.ts';
import { actRoutes } from './act/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { feedRoutes } from './feeds/routes.ts';

const staffRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('warranties'))
  .route('/', fichaRoutes)
  .route('/', ownerRoutes)
  .route('/', scheduleRoutes)
  .route('/', actRoutes)
  .route('/', catalogueRoutes)
  .route('/', settingsRoutes)
  .route('/', feedRoutes);

/**
 * Deliveries (entregas) API, mounted at /entregas. Staff routes sit behind the warranties
 * module permission of docs/product.md §2 (modulo_entregas|modulo_postventa); docs/api.md '## Entregas' lists
 * every endpoint. The owner's answers come first: they have their own guards.
 */
export const deliveryRoutes = new Hono<AppEnv>().route('/', portalRoutes).route('/', staffRoutes);
