import { registerDeliveries } from './modules/deliveries/service.ts';
import { registerNotifications } from './modules/notifications/service.ts';
import { registerAfterSales } from './modules/after-sales/service.ts';
import { registerConfig } from './modules/config/service.ts';
import { registerIntegrations } from './modules/integrations/service.ts';
import { registerCbox } from './modules/cbox/service.ts';
import { registerCmanagement } from './modules/cmanagement/service.ts';
import { registerConcrete } from './modules/concrete/service.ts';
import { registerVerifications } from './modules/verifications/service.ts';
import { registerQuality } from './modules/quality/service.ts';
import { registerBilling } from './modules/billing/service.ts';
import { registerOcinsights } from './modules/ocinsights/service.ts';
import { registerTiinsights } from './modules/tiinsights/service.ts';
import { createRegistry, type Registry } from './registry.ts';

/**
 * The modules' registrations, made once per process (createDeps): who may read their records'
 * files, who may join their entity rooms, the outbox consumers they run and the notification types
 * they send. api.ts mounts their routes; this is the other half of assembling them. Explicit calls,
 * so a registration exists because this list names it, never because some file happened to be
 * imported first.
 */
export function moduleRegistry(): Registry {
  const registry = createRegistry();
  registerAfterSales(registry);
  registerDeliveries(registry);
  registerNotifications(registry);
  registerConfig(registry);
  registerIntegrations(registry);
  registerCbox(registry);
  registerCmanagement(registry);
  registerQuality(registry);
  registerConcrete(registry);
  registerVerifications(registry);
  registerBilling(registry);
  registerOcinsights(registry);
  registerTiinsights(registry);
  return registry;
}
