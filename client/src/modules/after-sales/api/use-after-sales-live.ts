import { useEffect } from 'react';
import { rooms } from '#domain/realtime';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { useLiveClient } from '../../../realtime/live-sync-provider.tsx';
import { registerAfterSalesLiveSync } from './live-sync.ts';

registerAfterSalesLiveSync();

/**
 * After-sales events go to project rooms (and the ticket's room); a staff socket only joins its
 * company and user rooms by itself, so screens that must change without reload hold the rooms of
 * the projects they show (or of every project the user sees).
 */
export function useAfterSalesLive(projectIds?: readonly number[], ticketId?: number | null) {
  const client = useLiveClient();
  const { data: user } = useAuthUser();
  const ids = projectIds?.length ? projectIds : (user?.proyectos ?? []).map((p) => p.id);
  const key = [...ids].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!client || !key) return;
    const releases = key.split(',').map((id) => client.join(rooms.project(Number(id))));
    return () => releases.forEach((release) => release());
  }, [client, key]);
  useEffect(() => (client && ticketId ? client.join(rooms.entity('ticket', ticketId)) : undefined), [client, ticketId]);
}
