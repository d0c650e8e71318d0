import { Hono } from 'hono';
import type { AppEnv } from './http/context.ts';
import { csrfGuard, notFoundJson, sessionLoader } from './http/middleware.ts';
import { inputGuard } from './http/body-guard.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { integrationsRoutes, personalFeedRoutes } from './modules/integrations/routes.ts';
import { cboxRoutes } from './modules/cbox/routes.ts';
import { cmanagementRoutes } from './modules/cmanagement/routes.ts';
import { qualityRoutes } from './modules/quality/routes.ts';
import { concreteRoutes } from './modules/concrete/routes.ts';
import { verificationRoutes } from './modules/verifications/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { ocinsightsRoutes } from './modules/ocinsights/routes.ts';
import { tiinsightsRoutes } from './modules/tiinsights/routes.ts';
import { usageMeter } from './modules/ocinsights/service.ts';
import { requestMeter } from './modules/tiinsights/service.ts';
import { afterSalesRoutes } from './modules/after-sales/routes.ts';
import { deliveryRoutes } from './modules/deliveries/routes.ts';
import { filesRoutes, presignedPostRoutes } from './modules/files/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { mqttCredentialRoutes, realtimeRoutes } from './events/routes.ts';

/**
 * The API of docs/product.md §7 (mounted at /api/v2/public/api; v1 dispatches into it). Each module is one
 * Hono sub-app mounted once here.
 */
export function createApi() {
  return (
    new Hono<AppEnv>()
      .use(csrfGuard)
      .use(inputGuard)
      .use(sessionLoader)
      .use(requestMeter)
      .use(usageMeter)
      .route('/auth', authRoutes)
      .route('/auth', mqttCredentialRoutes)
      .route('/home', homeRoutes)
      // Any staff user's own calendar feed: before the integrations module, whose config_integraciones it does not need.
      .route('/configuracion/integraciones/calendario/mi-feed', personalFeedRoutes)
      .route('/configuracion/integraciones', integrationsRoutes)
      .route('/configuracion', configRoutes)
      .route('/postventa', afterSalesRoutes)
      .route('/entregas', deliveryRoutes)
      .route('/buscar', searchRoutes)
      .route('/biblioteca', cboxRoutes)
      .route('/cmanagement', cmanagementRoutes)
      .route('/calidad', qualityRoutes)
      .route('/hormigon', concreteRoutes)
      .route('/verificaciones', verificationRoutes)
      .route('/facturacion', billingRoutes)
      .route('/ocinsights', ocinsightsRoutes)
      .route('/tiinsights', tiinsightsRoutes)
      .route('/files', filesRoutes)
      .route('/propietarios/posventa/s3', presignedPostRoutes)
      .route('/notificaciones', notificationRoutes)
      .route('/realtime', realtimeRoutes)
      .notFound(notFoundJson)
  );
}
export type Api = ReturnType<typeof createApi>;
