import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ticketDetailQuery } from '../api/tickets.ts';

/** The :ticketId of the route (the layout only renders for a numeric one). */
export function useCmTicketId(): number {
  const { ticketId } = useParams();
  return Number(ticketId);
}

/** The open ticket's detail, shared by the layout and its tabs (one query, one cache entry). */
export const useCmTicket = (id: number) =>
  useQuery({ ...ticketDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
