import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context.ts';
import { moduleGuard } from '../../../auth/guard.ts';
import { activityRoutes } from './activities/routes.ts';
import { attributeRoutes } from './attributes/routes.ts';
import { importRoutes } from './imports/routes.ts';

/** Construction progress behind modulo_calidad: activities and dependencies, attributes, the import wizard. */
export const progressRoutes = new Hono<AppEnv>()
  .use(moduleGuard('quality'))
  .route('/', activityRoutes)
  .route('/atributos', attributeRoutes)
  .route('/importaciones', importRoutes);
