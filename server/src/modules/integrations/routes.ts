import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard } from '../../auth/guard.ts';
import { webhookRoutes } from './webhooks/routes.ts';

/** docs/product.md §2 config integraciones: one sub-app per integration, each behind its own permission. */
export const integrationsRoutes = new Hono<AppEnv>().use(moduleGuard('config')).route('/webhooks', webhookRoutes);
