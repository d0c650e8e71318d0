import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, moduleGuard } from '../../auth/guard.ts';
import { companyConfig, moduleStatusOf } from './service.ts';
import { userRoutes } from './users/routes.ts';

/** docs/product.md §7 GET configuracion and configuracion/estatus/{modulo}. */
export const configRoutes = new Hono<AppEnv>()
  .use(moduleGuard('config'))
  .get('/', async (c) => c.json({ data: await companyConfig(c.var.deps, currentUser(c)) }))
  .route('/usuarios', userRoutes)
  .get('/estatus/:modulo', async (c) =>
    c.json({ data: await moduleStatusOf(c.var.deps, currentUser(c), c.req.param('modulo'), c.var.t) }),
  );
