import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { normalizeLevels, type CboxLevel } from '#domain/cbox';
import type { CboxItem } from '#domain/cbox-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders, cboxShares, files, projects } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { levelsOfShare, ownLevels, sharesToCaller } from '../shared/access.ts';
import { fileItem, folderItem, peopleOf } from '../shared/items.ts';

/** An item to answer with: which one, and what the caller holds on it. */
export type Levelled = { kind: 'folder' | 'file'; id: number; levels: CboxLevel[]; sharedWithMe?: boolean };

const keyOf = (kind: 'folder' | 'file', id: number) => `${kind}:${id}`;

/**
 * Rows → items (shared/items.ts) for a page at once, in the order given: the current version's stored path, the
 * project of a project's folder, how many live children each folder has (every listed folder is one the caller
 * holds a level on, and so sees all its children) and the creators' names.
 */
export async function itemsOf(db: DbOrTx, user: SessionUser, refs: readonly Levelled[]): Promise<CboxItem[]> {
  const folderIds = refs.filter((r) => r.kind === 'folder').map((r) => r.id);
  const fileIds = refs.filter((r) => r.kind === 'file').map((r) => r.id);
  const folderRows = folderIds.length
    ? await db
        .select()
        .from(cboxFolders)
        .where(and(eq(cboxFolders.companyId, user.companyId), inArray(cboxFolders.id, folderIds)))
    : [];
  const fileRows = fileIds.length
    ? await db
        .select({ row: cboxFiles, path: files.path, thumbnailPath: files.thumbnailPath })
        .from(cboxFiles)
        .innerJoin(files, eq(files.id, cboxFiles.fileId))
        .where(and(eq(cboxFiles.companyId, user.companyId), inArray(cboxFiles.id, fileIds)))
    : [];
  const projectIds = folderRows.map((f) => f.projectId).filter((id): id is number => id !== null);
  const projectNames = new Map(
    (projectIds.length
      ? await db.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, projectIds))
      : []
    ).map((p) => [p.id, p]),
  );
  const counts = await childCounts(db, user.companyId, folderIds);
  const people = await peopleOf(db, [...folderRows.map((f) => f.createdBy), ...fileRows.map((f) => f.row.createdBy)]);
  const foldersById = new Map(folderRows.map((f) => [f.id, f]));
  const filesById = new Map(fileRows.map((f) => [f.row.id, f]));
  const items: CboxItem[] = [];
  for (const ref of refs) {
    if (ref.kind === 'folder') {
      const row = foldersById.get(ref.id);
      if (!row) continue;
      items.push(
        folderItem(row, {
          levels: ref.levels,
          people,
          itemCount: counts.get(row.id) ?? 0,
          project: row.projectId !== null ? (projectNames.get(row.projectId) ?? null) : null,
          sharedWithMe: ref.sharedWithMe,
        }),
      );
    } else {
      const found = filesById.get(ref.id);
      if (!found) continue;
      items.push(
        fileItem(found.row, {
          levels: ref.levels,
          people,
          path: found.path,
          thumbnailPath: found.thumbnailPath,
          sharedWithMe: ref.sharedWithMe,
        }),
      );
    }
  }
  return items;
}

/** Live children (folders and files) of each folder. */
async function childCounts(db: DbOrTx, companyId: number, folderIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!folderIds.length) return counts;
  const count = sql<number>`count(*)::int`;
  const sub = await db
    .select({ parent: cboxFolders.parentId, n: count })
    .from(cboxFolders)
    .where(
      and(
        eq(cboxFolders.companyId, companyId),
        inArray(cboxFolders.parentId, folderIds),
        isNull(cboxFolders.deletedAt),
      ),
    )
    .groupBy(cboxFolders.parentId);
  const inside = await db
    .select({ parent: cboxFiles.folderId, n: count })
    .from(cboxFiles)
    .where(and(eq(cboxFiles.companyId, companyId), inArray(cboxFiles.folderId, folderIds), isNull(cboxFiles.deletedAt)))
    .groupBy(cboxFiles.folderId);
  for (const { parent, n } of [...sub, ...inside])
    if (parent !== null) counts.set(parent, (counts.get(parent) ?? 0) + Number(n));
  return counts;
}

/** What an item's own grants depend on (shared/access.ts ownLevels). */
export type Grantee = { kind: 'folder' | 'file'; id: number; createdBy: number | null; projectId: number | null };

/**
 * The levels items hold by themselves (creator, project membership, shares on them: shared/access.ts), for a page
 * of a folder's children, whose levels are the folder's joined with these.
 */
export async function directLevels(
  db: DbOrTx,
  user: SessionUser,
  items: readonly Grantee[],
): Promise<Map<string, CboxLevel[]>> {
  const held = new Map<string, CboxLevel[]>();
  const add = (key: string, levels: CboxLevel[]) => held.set(key, [...(held.get(key) ?? []), ...levels]);
  for (const item of items) add(keyOf(item.kind, item.id), ownLevels(user, item));
  const folderIds = items.filter((i) => i.kind === 'folder').map((i) => i.id);
  const fileIds = items.filter((i) => i.kind === 'file').map((i) => i.id);
  const on = [
    ...(folderIds.length ? [inArray(cboxShares.folderId, folderIds)] : []),
    ...(fileIds.length ? [inArray(cboxShares.cboxFileId, fileIds)] : []),
  ];
  if (on.length) {
    const shares = await db
      .select()
      .from(cboxShares)
      .where(and(eq(cboxShares.companyId, user.companyId), or(...on), sharesToCaller(user)));
    for (const s of shares)
      add(s.folderId !== null ? keyOf('folder', s.folderId) : keyOf('file', s.cboxFileId!), levelsOfShare(s));
  }
  return held;
}

/** The caller's levels on a child: the folder's (inherited) joined with its own. */
export const childLevels = (inherited: readonly CboxLevel[], own: readonly CboxLevel[] | undefined) =>
  normalizeLevels([...inherited, ...(own ?? [])]);

export { keyOf as itemKey };
