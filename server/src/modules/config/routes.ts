import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard } from '../../auth/guard.ts';
import { companyConfig, moduleStatusOf } from './service.ts';
import { positionRoutes } from './positions/routes.ts';
import { profileRoutes } from './profiles/routes.ts';

/** docs/product.md §7 GET configuracion and configuracion/estatus/{modulo}. */
export const configRoutes = new Hono<AppEnv>()
  .use(moduleGuard('config'))
  .get('/', async (c) => c.json({ data: await companyConfig(c.var.deps, currentUser(c)) }))
  .get('/estatus/:modulo', async (c) =>
    c.json({ data: await moduleStatusOf(c.var.deps, currentUser(c), c.req.param('modulo'), c.var.t) }),
  )
  .route('/cargos', positionRoutes)
  .route('/permisos', profileRoutes);
