import type { CboxLevel } from '#domain/cbox';
import type { CboxTarget } from '#domain/schemas/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../http/context.ts';
import { folderChain, loadFile, loadFolder, type CboxFileRow, type Folder } from '../shared/access.ts';

/** What a share or a link is on, loaded with the caller's levels and the folders above it (nearest first). */
export type SharedItem = {
  kind: 'folder' | 'file';
  id: number;
  name: string;
  /** The folder whose listing shows it (null: the root). */
  parentId: number | null;
  /** Folders above the item, nearest first: where inherited shares come from. */
  above: { id: number; name: string }[];
  levels: CboxLevel[];
  folder?: Folder;
  file?: CboxFileRow;
};

/** The folder or file of a target (exactly one of its ids), as loadFolder / loadFile answer for `needed`. */
export async function loadTarget(
  db: DbOrTx,
  user: SessionUser,
  target: { folder_id?: number | null; file_id?: number | null } | CboxTarget,
  needed?: CboxLevel,
): Promise<SharedItem> {
  if (target.folder_id != null) {
    const { folder, chain, levels } = await loadFolder(db, user, target.folder_id, needed);
    return {
      kind: 'folder',
      id: folder.id,
      name: folder.name,
      parentId: folder.parentId,
      above: chain.slice(1).map((n) => ({ id: n.id, name: n.name })),
      levels,
      folder,
    };
  }
  const { file, levels } = await loadFile(db, user, target.file_id!, needed);
  const chain = file.folderId !== null ? await folderChain(db, user.companyId, file.folderId) : [];
  return {
    kind: 'file',
    id: file.id,
    name: file.name,
    parentId: file.folderId,
    above: chain.map((n) => ({ id: n.id, name: n.name })),
    levels,
    file,
  };
}

/** The target columns of a share or link row for an item. */
export const targetColumns = (item: SharedItem) =>
  item.kind === 'folder' ? { folderId: item.id, cboxFileId: null } : { folderId: null, cboxFileId: item.id };

/** The activity row's item columns (a folder's log, or a file's). */
export const activityTarget = (item: SharedItem) =>
  item.kind === 'folder' ? { folderId: item.id } : { cboxFileId: item.id };
