import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ticketDetailQuery } from '../api/tickets-api.ts';
import type { TicketDetail } from '../api/types.ts';

/** The solicitud id of the route (SPEC §2 solicitud/{solicitudId}). */
export function useTicketId(): number {
  const { solicitudId } = useParams();
  return Number(solicitudId);
}

export function useTicketQuery() {
  return useQuery(ticketDetailQuery(useTicketId()));
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

/** Failures still to deal with (pendiente or falla): what blocks resolving and what closing removes. */
export const pendingFailuresOf = (ticket: TicketDetail) => ticket.counts?.pending_failures ?? Math.max(0, ticket.progress.total - ticket.progress.done);
