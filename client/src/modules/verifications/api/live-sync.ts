import { rooms } from '#domain/realtime';
import {
  RECEPTION_CHANGED_EVENT,
  RECEPTION_OBSERVED_NOTIFICATION,
  TEMPLATE_CHANGED_EVENT,
} from '#domain/verifications';
import { useLiveRoom } from '../../../realtime/live-sync-provider.tsx';
import { registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { verificationKeys } from './keys.ts';

/** A template was written (to the company's room, which a staff socket joins by itself): the templates are asked again. */
const templateChanged: LiveSyncHandler = (_e, queryClient) => {
  void queryClient.invalidateQueries({ queryKey: verificationKeys.templates() });
};

/**
 * A reception, checkpoint, follow-up or the program of a project was written (server/src/modules/verifications/
 * shared/events.ts, to the project's room): the project's list, Gantt and follow-ups (work()) are asked again, and
 * the reception the event names. An observed reception is announced under its notification's type, with the same data.
 */
const receptionChanged: LiveSyncHandler = (e, queryClient) => {
  if (e.projectId !== null) void queryClient.invalidateQueries({ queryKey: verificationKeys.work(e.projectId) });
  const id = Number(e.data.reception_id);
  if (Number.isInteger(id) && id > 0) void queryClient.invalidateQueries({ queryKey: verificationKeys.reception(id) });
};

/**
 * The project's events reach the project's room, which a staff socket does not join by itself: a screen of one
 * project's receptions keeps the socket in it while mounted.
 */
export function useVerificationsLive(projectId: number | null) {
  useLiveRoom(projectId ? rooms.project(projectId) : null);
}

let registered = false;

/** docs/architecture.md §5 step 5 for verifications: registered once, when the module loads (index.ts). */
export function registerVerificationsLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync(TEMPLATE_CHANGED_EVENT, templateChanged);
  registerLiveSync(RECEPTION_CHANGED_EVENT, receptionChanged);
  registerLiveSync(RECEPTION_OBSERVED_NOTIFICATION, receptionChanged);
}
