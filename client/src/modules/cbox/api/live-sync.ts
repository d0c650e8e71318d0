import { useEffect } from 'react';
import { CBOX_EVENTS, CBOX_FOLDER_ROOM, CBOX_ROOT_ROOM } from '#domain/cbox';
import { rooms, type LiveEvent } from '#domain/realtime';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { registerLiveSync, type LiveSyncHandler } from '../../../realtime/live-sync-registry.ts';
import { useLiveClient } from '../../../realtime/live-sync-provider.tsx';
import { cboxListingKey, cboxSearchKey, cboxSummaryKey, cboxTrashKey } from './explorer-api.ts';

/** The folder a cbox.changed event is about (null: the root), from its data or its entity room. */
function folderOf(e: LiveEvent): number | null | undefined {
  const data = e.data as { folder_id?: number | null } | undefined;
  if (data && 'folder_id' in data) return data.folder_id ?? null;
  if (e.entity?.type === CBOX_FOLDER_ROOM) return e.entity.id;
  if (e.entity?.type === CBOX_ROOT_ROOM) return null;
  return undefined;
}

/**
 * A folder's listing changed (server: shared/events.ts folderChanged): its cached pages refetch, and the searches,
 * the trash and the quota, which any change may move. An event naming no folder refetches every listing.
 */
const folderChanged: LiveSyncHandler = (e, queryClient) => {
  const folderId = folderOf(e);
  void queryClient.invalidateQueries({
    queryKey: cboxListingKey(null),
    predicate:
      folderId === undefined
        ? undefined
        : (q) => (q.queryKey[3] as { folder_id?: number | null } | undefined)?.folder_id === folderId,
  });
  for (const queryKey of [cboxSearchKey, cboxTrashKey(), cboxSummaryKey])
    void queryClient.invalidateQueries({ queryKey });
};

let registered = false;

export function registerCboxLiveSync() {
  if (registered) return;
  registered = true;
  registerLiveSync(CBOX_EVENTS.changed, folderChanged);
}

registerCboxLiveSync();

/**
 * Holds the open folder's entity room (the root's is the company's), so a folder open in two browsers shows the
 * other's changes without a reload (docs/modules.md §4).
 */
export function useCboxFolderLive(folderId: number | null) {
  const client = useLiveClient();
  const { data: user } = useAuthUser();
  const companyId = user?.company.id;
  useEffect(() => {
    if (!client) return;
    if (folderId !== null) return client.join(rooms.entity(CBOX_FOLDER_ROOM, folderId));
    return companyId ? client.join(rooms.entity(CBOX_ROOT_ROOM, companyId)) : undefined;
  }, [client, folderId, companyId]);
}
