import type { LiveEvent } from '#domain/realtime';
import { invalidate, registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { afterSalesKeys } from './keys.ts';
import type { TicketDetail } from './types.ts';

/**
 * Events whose data is the ticket row their write left (server: ticketCard of the updated row). Others
 * may carry a row older than their change (a failure deleted, an AC created, the response clock running out).
 */
const WRITES_TICKET_ROW = new Set([
  'ticket.created',
  'ticket.updated',
  'ticket.assigned',
  'ticket.state_changed',
  'ticket.message',
]);

/** Whether the cached header already holds the row the event wrote: the answer of this user's own write, applied by its hook. */
function holdsRowOf(e: LiveEvent, detail: TicketDetail | undefined): boolean {
  return WRITES_TICKET_ROW.has(e.type) && detail !== undefined && detail.updated_at === e.data.updatedAt;
}

/**
 * Every after-sales event's entity is its ticket (server: shared/events.ts), so that ticket's queries
 * refetch; its header too, unless the cache already holds what the event wrote (ticket-cache.ts wrote it
 * from the answer), so a user's own change is not asked for twice.
 */
const ticketQueries: LiveSyncHandler = (e, queryClient) => {
  if (e.entity?.type !== 'ticket') return;
  const id = e.entity.id;
  const current = holdsRowOf(e, queryClient.getQueryData<TicketDetail>(afterSalesKeys.ticketDetail(id)));
  void queryClient.invalidateQueries({
    queryKey: afterSalesKeys.ticket(id),
    ...(current ? { predicate: (q) => q.queryKey[3] !== 'detail' } : {}),
  });
};

let registered = false;

/**
 * docs/architecture.md §5 step 5: which caches each after-sales event touches. Lists, the live board and the
 * open ticket refetch on any ticket change; failures move progress and statistics; orders move
 * the agenda; AC results change the ticket's tabs. Registered once, when the module loads.
 */
export function registerAfterSalesLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync('ticket.*', invalidate(afterSalesKeys.lists(), afterSalesKeys.dashboards()));
  registerLiveSync('failure.*', invalidate(afterSalesKeys.lists(), afterSalesKeys.dashboards()));
  registerLiveSync('order.*', invalidate(afterSalesKeys.agendas(), afterSalesKeys.dashboards()));
  registerLiveSync('ac.*', invalidate(afterSalesKeys.dashboards()));
  for (const pattern of ['ticket.*', 'failure.*', 'order.*', 'ac.*']) registerLiveSync(pattern, ticketQueries);
}
