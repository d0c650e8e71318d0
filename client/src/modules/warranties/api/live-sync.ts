import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import { invalidate, registerLiveSync } from '../../../realtime/live-sync-registry.ts';
import { warrantyKeys } from './keys.ts';

/** Every after-sales event's entity is its ticket (server: shared/events.ts), so that ticket's queries refetch. */
const ticketOf = (e: LiveEvent): QueryKey | undefined => (e.entity?.type === 'ticket' ? warrantyKeys.ticket(e.entity.id) : undefined);

let registered = false;

/**
 * docs/architecture.md §5 step 5: which caches each after-sales event touches. Lists, the live board and the
 * open ticket refetch on any ticket change; failures move progress and statistics; orders move
 * the agenda; AC results change the ticket's tabs. Registered once, when the module loads.
 */
export function registerWarrantyLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync('ticket.*', invalidate(warrantyKeys.lists(), warrantyKeys.dashboards(), ticketOf));
  registerLiveSync('failure.*', invalidate(warrantyKeys.lists(), warrantyKeys.dashboards(), ticketOf));
  registerLiveSync('order.*', invalidate(['warranties', 'agenda'], warrantyKeys.dashboards(), ticketOf));
  registerLiveSync('ac.*', invalidate(warrantyKeys.dashboards(), ticketOf));
}
