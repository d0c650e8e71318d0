import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard } from '../../auth/guard.ts';
import { forbidden, unauthenticated } from '../../lib/errors.ts';
import { ticketRoutes } from './tickets/routes.ts';
import { failureRoutes } from './failures/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { acRoutes } from './acs/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { agendaRoutes } from './agenda/routes.ts';
import { dashboardRoutes } from './dashboards/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { visitLinkRoutes } from './orders/visit-link.ts';
import './service.ts';

/** Staff screens only: owner accounts use /postventa/portal. */
const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (c.var.user.kind !== 'staff') throw forbidden();
  await next();
};

const staffRoutes = new Hono<AppEnv>()
  .use(staffOnly)
  .use(moduleGuard('warranties'))
  .route('/solicitudes/:id/fallas', failureRoutes)
  .route('/solicitudes/:id/ac', acRoutes)
  .route('/solicitudes/:id', orderRoutes)
  .route('/solicitudes', ticketRoutes)
  .route('/proyectos', settingsRoutes)
  .route('/agenda', agendaRoutes)
  .route('/', dashboardRoutes)
  .route('/', catalogueRoutes);

/**
 * After-sales (postventa) API, issue 6, mounted at /postventa. Staff routes sit behind the module
 * permission of SPEC §2 (modulo_entregas|modulo_postventa); docs/api.md lists every endpoint.
 */
export const warrantyRoutes = new Hono<AppEnv>()
  .route('/visita', visitLinkRoutes)
  .route('/portal', portalRoutes)
  .route('/', staffRoutes);
