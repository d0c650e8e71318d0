import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { requireStaff } from '../../auth/guard.ts';
import { modelRoutes } from './models/routes.ts';
import { progressRoutes } from './progress/routes.ts';

/**
 * Quality (docs/product.md §2 /quality, config/projects/models, config/calidad, config/integraciones/bim), mounted at
 * /calidad for staff. BIM models are read by whoever has the module or manages projects and written by
 * config_proyectos; construction progress (activities, attributes, imports) sits behind modulo_calidad and is
 * written with calidad_editar. docs/api.md lists every endpoint.
 */
export const qualityRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .route('/modelos', modelRoutes)
  .route('/', progressRoutes);
