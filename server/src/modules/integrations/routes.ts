import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { apiAppRoutes } from './api-apps/routes.ts';

/** docs/product.md §2 config integraciones: each sub-feature mounts its routes here (server/src/api.ts mounts this). */
export const integrationsRoutes = new Hono<AppEnv>().route('/apps', apiAppRoutes);

/** The public API of API apps, outside the session API (mounted by server/src/app.ts). */
export { createPublicApi } from './api-apps/public-routes.ts';
