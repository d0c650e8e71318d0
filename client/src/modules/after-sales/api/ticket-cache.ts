import type { QueryClient } from '@tanstack/react-query';
import { afterSalesKeys } from './keys.ts';
import { ticketDetailQuery } from './tickets-api.ts';
import type { OrderView, TicketDetail } from './types.ts';
import { orderQuery, ordersQuery } from './work-api.ts';

/**
 * How a write's answer reaches the after-sales caches. What the answer carries is written where it
 * belongs (setQueryData); only what else the write touched is marked stale, by its own key, so the
 * screen shown refetches just that. Each mutation hook names those parts; live-sync.ts applies the
 * same writes when they come from someone else.
 */

/** The queries of one ticket (docs/product.md §2 solicitud/{id}: header and tabs), each key reaching that part only. */
const PARTS = {
  detail: afterSalesKeys.ticketDetail,
  timeline: afterSalesKeys.timeline,
  failures: afterSalesKeys.failures,
  plan: afterSalesKeys.plan,
  orders: afterSalesKeys.ticketOrders,
  acs: afterSalesKeys.acs,
  mergeCandidates: afterSalesKeys.mergeCandidates,
} as const;
export type TicketPart = keyof typeof PARTS;

/** Marks these parts of a ticket stale; the ones on screen refetch. */
export function invalidateTicketParts(queryClient: QueryClient, ticketId: number, parts: readonly TicketPart[]): void {
  for (const part of parts) void queryClient.invalidateQueries({ queryKey: PARTS[part](ticketId) });
}

/** Every ticket list page (the solicitudes list, the agenda's ticket search): states, responsibles, progress and dates show there. */
export function invalidateTicketLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: afterSalesKeys.lists() });
}

/**
 * A ticket as the server answers a write (create, edit, action, merge) goes into its detail query.
 * Beside it, the timeline has a new history row and the lists show the ticket; when the state moved,
 * the failures (closing removes the pending ones) and the orders (whether a schedule may change
 * follows the ticket's state, docs/product.md §4) change too.
 */
export function applyTicket(
  queryClient: QueryClient,
  ticket: TicketDetail,
  // What the screen showed before the write (an optimistic header is not what the server had).
  before = queryClient.getQueryData(ticketDetailQuery(ticket.id).queryKey),
): void {
  const { queryKey } = ticketDetailQuery(ticket.id);
  queryClient.setQueryData(queryKey, ticket);
  const moved = before?.state !== ticket.state;
  invalidateTicketParts(queryClient, ticket.id, moved ? ['timeline', 'failures', 'orders'] : ['timeline']);
  invalidateTicketLists(queryClient);
}

/** An order as the server answers a write goes into its own query and replaces (or, new, ends) its row in the ticket's OI/OT list. */
export function applyOrder(queryClient: QueryClient, order: OrderView): void {
  queryClient.setQueryData(orderQuery(order.ticket_id, order.kind, order.id).queryKey, order);
  queryClient.setQueryData(ordersQuery(order.ticket_id, order.kind).queryKey, (rows) => {
    if (!rows) return rows;
    return rows.some((r) => r.id === order.id) ? rows.map((r) => (r.id === order.id ? order : r)) : [...rows, order];
  });
}
