import type { ModuleRegistry } from '../../registry.ts';
import { hubspotSync } from './hubspot/sync.ts';
import { syncRegistrations } from './sync/jobs.ts';

/** The integrations' part of the process (docs/architecture.md §2): each synced service's consumer and its pass. */
export function registerIntegrations(registry: ModuleRegistry): void {
  const hubspot = syncRegistrations(hubspotSync);
  registry.outboxConsumer(hubspot.consumerName, hubspot.consumer);
  registry.periodicTask(hubspot.task);
}
