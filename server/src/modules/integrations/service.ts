import type { ModuleRegistry } from '../../registry.ts';
import { NOTIFY_IN_APP } from '../notifications/service.ts';
import { registerWebhooks } from './webhooks/register.ts';
import { hubspotSync } from './hubspot/sync.ts';
import { procoreSyncHandler } from './procore/observation-sync.ts';
import { PROCORE_STATUS_POLL } from './procore/status-poll.ts';
import { syncRegistrations, type SyncHandler } from './sync/jobs.ts';

/** The services whose calls go through the sync jobs: each adds its consumer of events and its periodic pass. */
const SYNCED: readonly SyncHandler[] = [hubspotSync, procoreSyncHandler];

/**
 * The integrations module's public face (docs/modules.md §3) and what it adds to the process, called once where
 * the process is assembled (server/src/modules.ts): the webhooks' consumer and sender, each synced service's
 * consumer and pass, Procore's status poll, and the notice the company's integration administrators get when the provider moves one of
 * their requests on (docs/product.md §4).
 */
export function registerIntegrations(registry: ModuleRegistry): void {
  registerWebhooks(registry);
  for (const handler of SYNCED) {
    const sync = syncRegistrations(handler);
    registry.outboxConsumer(sync.consumerName, sync.consumer);
    registry.periodicTask(sync.task);
  }
  // Procore's observation statuses come back by polling.
  registry.periodicTask(PROCORE_STATUS_POLL);
  registry.notificationType({ type: 'integration.state_changed', group: 'integrations', defaults: NOTIFY_IN_APP });
}

/**
 * For other modules (docs/architecture.md §2): the scheduling tool's invitations that after-sales and deliveries
 * attach to the mails about a visit.
 */
export { visitInviteAttachments } from './calendar/invites.ts';
