import type { ModuleRegistry } from '../../registry.ts';
import { NOTIFY_IN_APP } from '../notifications/service.ts';

/**
 * What the integrations module adds to the process (server/src/modules.ts): the company's integration
 * administrators hear when the provider moves one of their requests on (docs/product.md §4).
 */
export function registerIntegrations(registry: ModuleRegistry): void {
  registry.notificationType({ type: 'integration.state_changed', group: 'integrations', defaults: NOTIFY_IN_APP });
}

/** The provider's signed links of a request, mounted outside the session API (server/src/app.ts). */
export { providerRequestRoutes } from './requests/routes.ts';
