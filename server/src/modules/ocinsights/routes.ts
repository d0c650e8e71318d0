import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { requireStaff } from '../../auth/guard.ts';
import { usabilityRoutes } from './usabilidad/routes.ts';

/**
 * Usage insights (docs/product.md §2 /ocinsights usabilidad; domain/insights.ts), mounted at /ocinsights for staff:
 * the screen report every staff client sends and the usage screens (insights_uso). docs/api.md lists every endpoint.
 */
export const ocinsightsRoutes = new Hono<AppEnv>().use(requireStaff).route('/', usabilityRoutes);
