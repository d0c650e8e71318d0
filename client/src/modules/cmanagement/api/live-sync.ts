import { useEffect } from 'react';
import { rooms, type LiveEvent } from '#domain/realtime';
import { CM_ENTITY, CM_EVENTS, type CmEventData } from '#domain/cmanagement';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { invalidate, registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { useLiveClient } from '../../../realtime/live-sync-provider.tsx';
import { cmanagementKeys } from './keys.ts';

const ticketIdOf = (e: LiveEvent): number | undefined => {
  const id = (e.data as Partial<CmEventData> | undefined)?.ticket_id;
  return typeof id === 'number' ? id : undefined;
};

/** Every Cmanagement event names its ticket (domain/cmanagement.ts CM_EVENTS): that ticket's queries refetch. */
const ticketQueries: LiveSyncHandler = (e, queryClient) => {
  const id = ticketIdOf(e);
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: cmanagementKeys.ticket(id) });
};

let registered = false;

/**
 * docs/architecture.md §5 step 5 for Cmanagement: a ticket event refreshes the lists and the board, the ticket's
 * own page and the schedule (the ticket's code and title show on its tasks); issue and task events refresh the
 * ticket (its counts and progress) and the lists; task events the schedule. Registered once, when the module loads.
 */
export function registerCmanagementLiveSync() {
  if (registered) return;
  registered = true;
  const prefix = (type: string) => `${type.split('.')[0]}.*`;
  const ticket = prefix(CM_EVENTS.ticket[0]);
  const issue = prefix(CM_EVENTS.issue[0]);
  const task = prefix(CM_EVENTS.task[0]);
  registerLiveSync(ticket, invalidate(cmanagementKeys.ticketLists(), cmanagementKeys.schedules()));
  registerLiveSync(issue, invalidate(cmanagementKeys.ticketLists()));
  registerLiveSync(task, invalidate(cmanagementKeys.ticketLists(), cmanagementKeys.schedules()));
  for (const pattern of [ticket, issue, task]) registerLiveSync(pattern, ticketQueries);
}

registerCmanagementLiveSync();

/**
 * Cmanagement events reach project rooms (and the ticket's own room); a staff socket joins only its company and
 * user rooms by itself, so the screens hold the rooms of the projects they show (every visible one by default).
 */
export function useCmanagementLive(projectIds?: readonly number[], ticketId?: number | null) {
  const client = useLiveClient();
  const { data: user } = useAuthUser();
  const ids = projectIds?.length ? projectIds : (user?.proyectos ?? []).map((p) => p.id);
  const key = [...ids].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!client || !key) return;
    const releases = key.split(',').map((id) => client.join(rooms.project(Number(id))));
    return () => releases.forEach((release) => release());
  }, [client, key]);
  useEffect(
    () => (client && ticketId ? client.join(rooms.entity(CM_ENTITY.ticket, ticketId)) : undefined),
    [client, ticketId],
  );
}
