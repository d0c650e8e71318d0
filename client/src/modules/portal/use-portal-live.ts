import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rooms } from '#domain/realtime';
import { useLiveClient, useLiveEvent, useLiveSession } from '../../realtime/live-sync-provider.tsx';
import { portalKeys } from './portal-api.ts';

/**
 * The owner's socket (the portal lives outside the staff shell, so it opens its own session) and
 * the refetch of the portal's data when their tickets or visits change: a message from the agent,
 * a visit scheduled or moved.
 */
export function usePortalLive(userId: number | null | undefined) {
  useLiveSession(userId);
  const queryClient = useQueryClient();
  const refresh = () => { void queryClient.invalidateQueries({ queryKey: portalKeys.all }); };
  useLiveEvent('ticket.*', refresh);
  useLiveEvent('order.*', refresh);
  useLiveEvent('failure.*', refresh);
}

/** Holds the open ticket's room, so the agent's public answers and visit changes arrive while it is shown. */
export function usePortalTicketRoom(ticketId: number | null | undefined) {
  const client = useLiveClient();
  useEffect(() => (client && ticketId ? client.join(rooms.entity('ticket', ticketId)) : undefined), [client, ticketId]);
}
