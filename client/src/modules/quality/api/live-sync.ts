import { useEffect } from 'react';
import { rooms } from '#domain/realtime';
import { activityEventSchema, bimFileProgressEventSchema, type ActivityList } from '#domain/quality-responses';
import { registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { useLiveClient } from '../../../realtime/live-sync-provider.tsx';
import { applyActivityChanges } from './activities.ts';
import { qualityKeys } from './keys.ts';
import { applyFileProgress } from './models.ts';

/** The live events of the quality module, on the project's topic (server/src/modules/quality). */
export const QUALITY_LIVE_EVENTS = {
  fileProgress: 'bim.file.progress',
  activitiesChanged: 'quality.activities.changed',
} as const;

/** A file's processing moved: its state and progress bar change in place on every screen that shows the model. */
const fileProgress: LiveSyncHandler = (e, queryClient) => {
  const parsed = bimFileProgressEventSchema.safeParse(e.data);
  if (parsed.success) applyFileProgress(queryClient, parsed.data);
  else void queryClient.invalidateQueries({ queryKey: qualityKeys.models() });
};

/**
 * Someone changed activities (progress, dates, the tree, links): the rows are written into the project's cached
 * lists, the Gantt and the model's colours (which read the same list); the element links are asked again, since
 * a change may have linked or unlinked elements.
 */
const activitiesChanged: LiveSyncHandler = (e, queryClient) => {
  const parsed = activityEventSchema.safeParse(e.data);
  if (!parsed.success) {
    if (e.projectId) void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(e.projectId) });
    return;
  }
  const { project_id, rows, deleted_ids, links, deleted_link_ids, truncated } = parsed.data;
  if (truncated) {
    void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(project_id) });
    return;
  }
  // Links between elements and activities moved when a row's element count changed or rows left: read before
  // the rows are written over.
  const counts = new Map<number, number>();
  for (const [, list] of queryClient.getQueriesData<ActivityList>({ queryKey: qualityKeys.activities(project_id) }))
    for (const r of list?.data ?? []) counts.set(r.id, r.element_count);
  const linksMoved =
    deleted_ids.length > 0 || rows.some((r) => !counts.has(r.id) || counts.get(r.id) !== r.element_count);
  applyActivityChanges(queryClient, project_id, {
    rows,
    deletedIds: deleted_ids,
    links,
    deletedLinkIds: deleted_link_ids,
  });
  if (linksMoved)
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'quality' && q.queryKey[1] === 'models' && q.queryKey[3] === 'activity-elements',
    });
};

let registered = false;

/** docs/architecture.md §5 step 5 for quality: registered once, when the module loads. */
export function registerQualityLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync(QUALITY_LIVE_EVENTS.fileProgress, fileProgress);
  registerLiveSync(QUALITY_LIVE_EVENTS.activitiesChanged, activitiesChanged);
}

registerQualityLiveSync();

/**
 * Quality events reach the project's room; a staff socket joins only its company and user rooms by itself, so the
 * models page, the list, the Gantt and the BIM page hold the room of the project they show.
 */
export function useQualityLive(projectId: number | null | undefined) {
  const client = useLiveClient();
  useEffect(() => (client && projectId ? client.join(rooms.project(projectId)) : undefined), [client, projectId]);
}

/** The same for several projects at once (config/integraciones/bim lists every project's models). */
export function useQualityLiveMany(projectIds: readonly number[]) {
  const client = useLiveClient();
  const key = [...projectIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!client || !key) return;
    const releases = key.split(',').map((id) => client.join(rooms.project(Number(id))));
    return () => releases.forEach((release) => release());
  }, [client, key]);
}
