import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard } from '../../auth/guard.ts';
import { companyConfig, moduleStatusOf } from './service.ts';
import { workerRoutes } from './workers/routes.ts';
import { courseRoutes, myCourseRoutes } from './courses/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { positionRoutes } from './positions/routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { userRoutes } from './users/routes.ts';

/**
 * docs/product.md §7 GET configuracion and configuracion/estatus/{modulo}; §2 config sub-routes trabajadores, cursos,
 * the user's own courses (mis-cursos) and the audit log (auditoria), each behind its own guard.
 */
export const configRoutes = new Hono<AppEnv>()
  .use(moduleGuard('config'))
  .get('/', async (c) => c.json({ data: await companyConfig(c.var.deps, currentUser(c)) }))
  .route('/usuarios', userRoutes)
  .get('/estatus/:modulo', async (c) =>
    c.json({ data: await moduleStatusOf(c.var.deps, currentUser(c), c.req.param('modulo'), c.var.t) }),
  )
  .route('/trabajadores', workerRoutes)
  .route('/cursos', courseRoutes)
  .route('/mis-cursos', myCourseRoutes)
  .route('/auditoria', auditRoutes)
  .route('/cargos', positionRoutes)
  .route('/permisos', profileRoutes);
