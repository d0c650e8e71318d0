import { useEffect, useSyncExternalStore } from 'react';
import { isApiError } from '../../../api/errors.ts';
import { ensureFolder, useRefreshLibrary } from '../api/uploads-api.ts';
import type { DroppedTree } from './dropped-tree.ts';
import { uploadQueue, type UploadItem } from './upload-queue.ts';

/** The queue's files, kept current; the library's listings refresh as files land; interrupted uploads are listed. */
export function useUploadQueue(): UploadItem[] {
  const refresh = useRefreshLibrary();
  useEffect(() => {
    uploadQueue.onLibraryChanged = refresh;
    uploadQueue.restore();
    return () => {
      if (uploadQueue.onLibraryChanged === refresh) uploadQueue.onLibraryChanged = undefined;
    };
  }, [refresh]);
  return useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot);
}

/** A dropped or picked folder tree: each folder made (or found, when its name exists) in turn, its files queued. */
export async function uploadTree(tree: DroppedTree, parentId: number | null): Promise<void> {
  if (tree.files.length) uploadQueue.add(tree.files, parentId);
  for (const folder of tree.folders) {
    let id: number;
    try {
      id = await ensureFolder(folder.name, parentId);
    } catch (err) {
      uploadQueue.reportFailure(
        folder.name,
        parentId,
        isApiError(err) && err.message
          ? { text: err.message }
          : { key: 'cbox_ui.uploads.folder_failed', params: { name: folder.name } },
      );
      continue;
    }
    uploadQueue.onLibraryChanged?.();
    await uploadTree(folder.tree, id);
  }
}
