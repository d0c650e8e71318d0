import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { explorerRoutes } from './explorer/routes.ts';
import { sharingRoutes } from './sharing/routes.ts';
import { downloadRoutes } from './downloads/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { copyRoutes } from './copies/routes.ts';

/** The local backend's part uploads (signed, no session): mounted by server/src/app.ts at /storage/parts. */
export { cboxPartRoutes } from './uploads/part-routes.ts';

/**
 * Cbox, the file library (docs/product.md §2 /cbox), mounted at /biblioteca behind the module permission
 * (modulo_biblioteca, dropped from the session while the company's module is off). docs/api.md lists every
 * endpoint. The public side of share links is linkRoutes (sharing/public-routes.ts), mounted outside the API.
 */
export const cboxRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('cbox'))
  .route('/', explorerRoutes)
  .route('/', sharingRoutes)
  .route('/', downloadRoutes)
  .route('/', uploadRoutes)
  .route('/', copyRoutes);

/** What server/src/app.ts mounts outside the session API: the public side of share links. */
export { linkRoutes, LINK_ROUTES_BASE } from './sharing/public-routes.ts';
