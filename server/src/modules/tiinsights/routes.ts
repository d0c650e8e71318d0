import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { providerBillingRoutes } from './billing/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { healthRoutes } from './health/routes.ts';

/**
 * Internal insights (docs/product.md §2 /tiinsights with ryr or dbdump; domain/insights.ts), mounted at /tiinsights
 * for the provider's support staff. docs/api.md lists every endpoint.
 */
export const tiinsightsRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('tiinsights'))
  .route('/', providerBillingRoutes)
  .route('/', exportRoutes)
  .route('/', healthRoutes);
