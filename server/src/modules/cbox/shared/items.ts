import { fileUrl } from '#domain/files';
import type { CboxLevel } from '#domain/cbox';
import type { CboxFileItem, CboxFolderItem } from '#domain/cbox-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { CboxFileRow, Folder } from './access.ts';

/**
 * Rows → the items of domain/cbox-responses.ts, the one mapping every Cbox answer (listing, search, detail, upload)
 * uses. `people` names creators (peopleOf below loads them for a page at once).
 */
export type People = Map<number, { id: number; name: string }>;

export async function peopleOf(db: DbOrTx, ids: (number | null | undefined)[]): Promise<People> {
  const briefs = await userBriefs(db, ids);
  return new Map([...briefs].map(([id, b]) => [id, { id, name: b.full_name }]));
}

const personOf = (people: People, id: number | null) => (id !== null ? (people.get(id) ?? null) : null);

export function folderItem(
  row: Folder,
  extra: {
    levels: CboxLevel[];
    people: People;
    itemCount: number;
    project?: { id: number; name: string } | null;
    sharedWithMe?: boolean;
  },
): CboxFolderItem {
  return {
    kind: 'folder',
    id: row.id,
    name: row.name,
    folder_id: row.parentId,
    levels: extra.levels,
    shared_with_me: extra.sharedWithMe ?? false,
    created_by: personOf(extra.people, row.createdBy),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    project: extra.project ?? null,
    item_count: extra.itemCount,
  };
}

/** `path` and `thumbnailPath` are the current version's (files.path and files.thumbnail_path of cbox_files.file_id). */
export function fileItem(
  row: CboxFileRow,
  extra: { levels: CboxLevel[]; people: People; path: string; thumbnailPath: string | null; sharedWithMe?: boolean },
): CboxFileItem {
  return {
    kind: 'file',
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    levels: extra.levels,
    shared_with_me: extra.sharedWithMe ?? false,
    created_by: personOf(extra.people, row.createdBy),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    extension: row.extension,
    category: row.category,
    type: row.mime,
    size: row.size,
    version: row.version,
    path: extra.path,
    url: fileUrl(extra.path),
    url_thumbnail: extra.thumbnailPath ? fileUrl(extra.thumbnailPath) : null,
  };
}
