import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { moduleGuard, requireStaff } from '../../auth/guard.ts';
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
import { viewRoutes } from './views/routes.ts';
import { photoRoutes } from './photos/routes.ts';

const staffRoutes = new Hono<AppEnv>()
  .use(requireStaff)
  .use(moduleGuard('warranties'))
  .route('/solicitudes/:id/fallas', failureRoutes)
  .route('/solicitudes/:id/ac', acRoutes)
  .route('/solicitudes/:id', photoRoutes)
  .route('/solicitudes/:id', orderRoutes)
  .route('/solicitudes', ticketRoutes)
  .route('/proyectos', settingsRoutes)
  .route('/agenda', agendaRoutes)
  .route('/vistas', viewRoutes)
  .route('/', dashboardRoutes)
  .route('/', catalogueRoutes);

/**
 * After-sales (postventa) API, mounted at /postventa. Staff routes sit behind the module
 * permission of docs/product.md §2 (modulo_entregas|modulo_postventa); docs/api.md lists every endpoint.
 */
export const afterSalesRoutes = new Hono<AppEnv>()
  .route('/visita', visitLinkRoutes)
  .route('/portal', portalRoutes)
  .route('/', staffRoutes);
