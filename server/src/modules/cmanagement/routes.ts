import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
import { configRoutes } from './config/routes.ts';
import { ticketRoutes } from './tickets/routes.ts';
import { issueRoutes } from './issues/routes.ts';
import { taskRoutes } from './tasks/routes.ts';

/**
 * Cmanagement (docs/product.md §2 /cmanagement and config/cmanagement), mounted at /cmanagement behind the module
 * permission (cmanagement-access, dropped from the session while the company's module is off). Writes need
 * cmanagement_gestionar, the configuration cmanagement_configurar. docs/api.md lists every endpoint.
 */
export const cmanagementRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('cmanagement'))
  .route('/', configRoutes)
  .route('/', ticketRoutes)
  .route('/', issueRoutes)
  .route('/', taskRoutes);
