import type { ModuleRegistry } from '../../../registry.ts';
import { syncRegistrations } from '../sync/jobs.ts';
import { procoreSyncHandler } from './observation-sync.ts';
import { PROCORE_STATUS_POLL } from './status-poll.ts';

/** Procore's part of the process: failures out as observations (events → jobs), statuses back (the poll). */
export function registerProcore(registry: ModuleRegistry): void {
  const sync = syncRegistrations(procoreSyncHandler);
  registry.outboxConsumer(sync.consumerName, sync.consumer);
  registry.periodicTask(sync.task);
  registry.periodicTask(PROCORE_STATUS_POLL);
}
