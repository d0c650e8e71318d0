import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import type { ListEnvelope } from '../../../api/data.ts';
import { invalidate, registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { afterSalesKeys } from './keys.ts';
import { applyToBoard, applyToTicketPage, screenViewOf, type Outcome } from './screen-apply.ts';
import type { TicketFilters } from './tickets-api.ts';
import type { RequestsBoard, TicketDetail, TicketRow } from './types.ts';

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

/** Writes what an event decided for one cached query: its new data, or a refetch of that query alone. */
function settle<T>(queryClient: QueryClient, query: Query, decide: (data: T) => Outcome<T>) {
  const data = query.state.data as T | undefined;
  const outcome: Outcome<T> = data === undefined ? { kind: 'refetch' } : decide(data);
  if (outcome.kind === 'set') queryClient.setQueryData(query.queryKey, outcome.data);
  else if (outcome.kind === 'refetch') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
}

type PageArgs = { filters?: TicketFilters; pagination?: { sortBy?: unknown } };

/**
 * The screens a ticket event changes: with the row it left (screen-apply.ts), each list page and board in
 * cache takes it or refetches alone; without it, or for the other lists, they refetch. The efficiency and
 * statistics dashboards are aggregates over time and always refetch.
 */
const ticketScreens: LiveSyncHandler = (e, queryClient) => {
  const view = screenViewOf(e);
  if (!view) return invalidate(afterSalesKeys.lists(), afterSalesKeys.dashboards())(e, queryClient);
  const cache = queryClient.getQueryCache();
  const pages = afterSalesKeys.ticketPages();
  // Other lists (the agenda's ticket search, endless pages) have shapes of their own: they refetch.
  void queryClient.invalidateQueries({
    queryKey: afterSalesKeys.lists(),
    predicate: (q) => q.queryKey[2] !== pages[2] || q.queryKey.length !== pages.length + 1,
  });
  for (const query of cache.findAll({ queryKey: pages, predicate: (q) => q.queryKey.length === pages.length + 1 })) {
    const args = query.queryKey[pages.length] as PageArgs;
    settle<ListEnvelope<TicketRow>>(queryClient, query, (page) =>
      applyToTicketPage(page, { filters: args.filters ?? {}, sortBy: args.pagination?.sortBy }, e, view),
    );
  }
  for (const query of cache.findAll({ queryKey: afterSalesKeys.boards() })) {
    const filters = (query.queryKey[3] ?? {}) as TicketFilters;
    settle<RequestsBoard>(queryClient, query, (board) => applyToBoard(board, filters, e, view));
  }
  for (const part of ['efficiency', 'statistics'])
    void queryClient.invalidateQueries({ queryKey: [...afterSalesKeys.dashboards(), part] });
};

let registered = false;

/**
 * docs/architecture.md §5 step 5: which caches each after-sales event touches. Lists and the live board take
 * the row a ticket change carries (ticketScreens), the open ticket refetches; failures move progress and statistics; orders move
 * the agenda; AC results change the ticket's tabs. Registered once, when the module loads.
 */
export function registerAfterSalesLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync('ticket.*', ticketScreens);
  registerLiveSync('failure.*', ticketScreens);
  registerLiveSync('order.*', invalidate(afterSalesKeys.agendas(), afterSalesKeys.dashboards()));
  registerLiveSync('ac.*', invalidate(afterSalesKeys.dashboards()));
  for (const pattern of ['ticket.*', 'failure.*', 'order.*', 'ac.*']) registerLiveSync(pattern, ticketQueries);
}
