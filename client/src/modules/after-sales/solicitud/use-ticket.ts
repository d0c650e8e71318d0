import { useQuery } from '@tanstack/react-query';
import { useRouteId } from '../../../shared/route-id.ts';
import { ticketDetailQuery } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';

/** The solicitud id of the route (docs/product.md §2 solicitud/{solicitudId}), or null when it is not a valid id. */
export function useTicketId(): number | null {
  return useRouteId('solicitudId');
}

/** The ticket of the route; never requested for an invalid id (the layout shows not-found for it). */
export function useTicketQuery() {
  const id = useTicketId();
  return useQuery({ ...ticketDetailQuery(id ?? 0), enabled: id !== null });
}

/**
 * Tabs read the ticket the layout already loaded (it renders them only once loaded). From the
 * query cache rather than the outlet context: the oi/ot routes nest one more outlet, which does
 * not pass the context on.
 */
export function useTicket(): TicketDetail {
  const { data } = useTicketQuery();
  return data!;
}
