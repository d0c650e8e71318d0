import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rooms, type LiveEvent } from '#domain/realtime';
import { useLiveClient, useLiveEvent, useLiveSession } from '../../../realtime/live-sync-provider.tsx';
import { portalKeys } from './portal-api.ts';

/**
 * The owner's socket (the portal lives outside the staff shell, so it opens its own session) and
 * the refetch of the portal's data when their tickets, visits or delivery appointments change: a
 * message from the agent, a visit or a delivery scheduled or moved.
 */
export function usePortalLive(userId: number | null | undefined) {
  useLiveSession(userId);
  const queryClient = useQueryClient();
  // The owner's lists, and what the portal holds of the event's ticket; the units do not change with them.
  const refresh = (e: LiveEvent) => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.lists() });
    if (e.entity?.type === 'ticket') void queryClient.invalidateQueries({ queryKey: portalKeys.ticket(e.entity.id) });
  };
  useLiveEvent('ticket.*', refresh);
  useLiveEvent('order.*', refresh);
  useLiveEvent('failure.*', refresh);
  // An act answered or signed (by the owner elsewhere, or with the agent on their phone).
  useLiveEvent('ac.*', refresh);
  // Their delivery appointments: scheduled, moved, answered by staff or settled by the delivery.
  useLiveEvent('delivery.*', refresh);
  useLiveEvent('ficha.*', refresh);
}

/**
 * Holds the rooms of the owner's units (the gateway lets an owner into their own units' rooms only), where
 * the deliveries module emits the appointment's events (docs/architecture.md §5).
 */
export function usePortalUnitRooms(unitIds: readonly number[]) {
  const client = useLiveClient();
  const key = [...unitIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!client || !key) return undefined;
    const leaves = key.split(',').map((id) => client.join(rooms.entity('unit', Number(id))));
    return () => leaves.forEach((leave) => leave());
  }, [client, key]);
}

/** Holds the open ticket's room, so the agent's public answers and visit changes arrive while it is shown. */
export function usePortalTicketRoom(ticketId: number | null | undefined) {
  const client = useLiveClient();
  useEffect(() => (client && ticketId ? client.join(rooms.entity('ticket', ticketId)) : undefined), [client, ticketId]);
}
