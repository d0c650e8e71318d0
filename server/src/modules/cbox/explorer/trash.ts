import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CBOX_LIMITS, keepBothName } from '#domain/cbox';
import type { CboxTrashItem } from '#domain/cbox-responses';
import type { CboxSelection } from '#domain/schemas/cbox';
import { rowsOf, type DbOrTx, type Tx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { envelope, offsetOf, type ListEnvelope } from '../../../lib/paging.ts';
import { isCboxAdmin, loadFile, loadFolder, type CboxFileRow, type Folder } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { peopleOf } from '../shared/items.ts';
import { purgeItems } from './purge.ts';
import { trailsOf } from './trails.ts';

/**
 * The trash (docs/product.md §2 /cbox): deleting marks the item and its live subtree deleted at one instant (the
 * item is the trash's entry, trash_root), restoring brings back what was deleted with it, and after
 * CBOX_LIMITS.trashDays the purge (purge.ts) removes it for good.
 */

/** POST biblioteca/eliminar: the selection to the trash; can-edit on each item. */
export async function deleteItems(
  deps: AppDeps,
  user: SessionUser,
  input: CboxSelection,
): Promise<{ deleted: number }> {
  const db = deps.database.db;
  const folders: { folder: Folder; depth: number }[] = [];
  for (const id of new Set(input.folder_ids)) {
    const { folder, chain } = await loadFolder(db, user, id, 'can-edit');
    folders.push({ folder, depth: chain.length });
  }
  const deletedFiles: CboxFileRow[] = [];
  for (const id of new Set(input.file_ids)) deletedFiles.push((await loadFile(db, user, id, 'can-edit')).file);
  // Upper folders first: an item inside another of the selection goes with it, not as an entry of its own.
  folders.sort((a, b) => a.depth - b.depth);
  const at = new Date().toISOString();
  await db.transaction(async (tx) => {
    for (const { folder } of folders)
      await tx.execute(sql`
        with recursive sub as (
          select id from cbox_folders where id = ${folder.id} and deleted_at is null
          union all
          select f.id from cbox_folders f join sub on f.parent_id = sub.id where f.deleted_at is null
        ),
        gone_files as (
          update cbox_files set deleted_at = ${at}::timestamptz, deleted_by = ${user.id}, trash_root = false
           where folder_id in (select id from sub) and deleted_at is null returning id
        )
        update cbox_folders set deleted_at = ${at}::timestamptz, deleted_by = ${user.id}, trash_root = (id = ${folder.id})
         where id in (select id from sub) and deleted_at is null`);
    if (deletedFiles.length)
      await tx
        .update(cboxFiles)
        .set({ deletedAt: new Date(at), deletedBy: user.id, trashRoot: true })
        .where(
          and(
            inArray(
              cboxFiles.id,
              deletedFiles.map((f) => f.id),
            ),
            isNull(cboxFiles.deletedAt),
          ),
        );
    await recordActivity(
      tx,
      [
        ...folders.map(({ folder }) => ({ folderId: folder.id })),
        ...deletedFiles.map((f) => ({ cboxFileId: f.id })),
      ].map((item) => ({ ...item, companyId: user.companyId, action: 'deleted' as const, actorId: user.id })),
    );
    await folderChanged(tx, {
      companyId: user.companyId,
      actorId: user.id,
      action: 'deleted',
      // The folders left, and the deleted folders themselves, for whoever has one open.
      folderIds: [
        ...folders.flatMap(({ folder }) => [folder.parentId, folder.id]),
        ...deletedFiles.map((f) => f.folderId),
      ],
    });
  });
  return { deleted: folders.length + deletedFiles.length };
}

/** Whose trash entries the caller may see, restore and empty: their own deletions, or all for administrators. */
const mineOr = (user: SessionUser, deletedBy: typeof cboxFolders.deletedBy | typeof cboxFiles.deletedBy) =>
  isCboxAdmin(user) ? sql`true` : eq(deletedBy, user.id);

/** GET biblioteca/papelera: trash entries, newest deletion first, with their size and purge date. */
export async function listTrash(
  db: DbOrTx,
  user: SessionUser,
  q: { page: number; rowsPerPage: number },
): Promise<ListEnvelope<CboxTrashItem>> {
  const c = user.companyId;
  const mine = isCboxAdmin(user) ? sql`true` : sql`deleted_by = ${user.id}`;
  type Row = {
    kind: 'folder' | 'file';
    id: number;
    name: string;
    parent: number | null;
    deleted_by: number | null;
    deleted_at: string | Date;
    size: string | number;
    total: string | number;
  };
  const result = await db.execute(sql`
    select *, count(*) over() as total from (
      select 'folder' as kind, r.id, r.name, r.parent_id as parent, r.deleted_by, r.deleted_at,
             (with recursive sub as (
                select r.id as id
                union all
                select f.id from cbox_folders f join sub on f.parent_id = sub.id
              ) select coalesce(sum(x.size), 0) from cbox_files x
                 -- Only what went with it: a file deleted before is an entry of its own.
                 where x.folder_id in (select id from sub) and x.deleted_at = r.deleted_at) as size
        from cbox_folders r where r.company_id = ${c} and r.trash_root and r.deleted_at is not null and ${mine}
      union all
      select 'file', x.id, x.name, x.folder_id, x.deleted_by, x.deleted_at, x.size
        from cbox_files x where x.company_id = ${c} and x.trash_root and x.deleted_at is not null and ${mine}
    ) entries
    order by deleted_at desc, kind, id desc
    limit ${q.rowsPerPage} offset ${offsetOf(q)}`);
  const rows = rowsOf<Row>(result);
  const trails = await trailsOf(
    db,
    user,
    rows.map((r) => (r.parent === null ? null : Number(r.parent))),
  );
  const people = await peopleOf(
    db,
    rows.map((r) => (r.deleted_by === null ? null : Number(r.deleted_by))),
  );
  const data = rows.map((r): CboxTrashItem => {
    const deletedAt = new Date(r.deleted_at);
    return {
      kind: r.kind,
      id: Number(r.id),
      name: r.name,
      trail: r.parent === null ? [] : (trails.get(Number(r.parent)) ?? []),
      size: Number(r.size),
      deleted_by: r.deleted_by === null ? null : (people.get(Number(r.deleted_by)) ?? null),
      deleted_at: deletedAt.toISOString(),
      purge_at: new Date(deletedAt.getTime() + CBOX_LIMITS.trashDays * 86_400_000).toISOString(),
    };
  });
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) total = (await listTrash(db, user, { page: 1, rowsPerPage: 1 })).total;
  return envelope(data, total, q);
}

/** The caller's trash entries named by a selection; any other id is a 404. */
async function trashEntries(db: DbOrTx, user: SessionUser, input: CboxSelection) {
  const folderIds = [...new Set(input.folder_ids)];
  const fileIds = [...new Set(input.file_ids)];
  const folders = folderIds.length
    ? await db
        .select()
        .from(cboxFolders)
        .where(
          and(
            eq(cboxFolders.companyId, user.companyId),
            inArray(cboxFolders.id, folderIds),
            eq(cboxFolders.trashRoot, true),
            isNotNull(cboxFolders.deletedAt),
            mineOr(user, cboxFolders.deletedBy),
          ),
        )
    : [];
  const trashed = fileIds.length
    ? await db
        .select()
        .from(cboxFiles)
        .where(
          and(
            eq(cboxFiles.companyId, user.companyId),
            inArray(cboxFiles.id, fileIds),
            eq(cboxFiles.trashRoot, true),
            isNotNull(cboxFiles.deletedAt),
            mineOr(user, cboxFiles.deletedBy),
          ),
        )
    : [];
  if (folders.length !== folderIds.length || trashed.length !== fileIds.length) throw notFound();
  return { folders, files: trashed };
}

/** Where a restored item goes: its folder when that is still live, else the root. */
async function liveParent(tx: Tx, companyId: number, folderId: number | null): Promise<number | null> {
  if (folderId === null) return null;
  const [row] = await tx
    .select({ id: cboxFolders.id })
    .from(cboxFolders)
    .where(and(eq(cboxFolders.id, folderId), eq(cboxFolders.companyId, companyId), isNull(cboxFolders.deletedAt)));
  return row ? row.id : null;
}

/** Live names of one kind in a folder (or the root), lower-cased. */
async function takenNames(tx: Tx, companyId: number, folderId: number | null, kind: 'folder' | 'file') {
  const result = await tx.execute(
    kind === 'folder'
      ? sql`select lower(name) as name from cbox_folders where company_id = ${companyId} and deleted_at is null and ${
          folderId === null ? sql`parent_id is null` : sql`parent_id = ${folderId}`
        }`
      : sql`select lower(name) as name from cbox_files where company_id = ${companyId} and deleted_at is null and ${
          folderId === null ? sql`folder_id is null` : sql`folder_id = ${folderId}`
        }`,
  );
  return new Set(rowsOf<{ name: string }>(result).map((r) => r.name));
}

/** A name free in the target: the same one, or 'x (1).ext' when taken (keep both, domain/cbox.ts). */
async function freeName(tx: Tx, companyId: number, folderId: number | null, kind: 'folder' | 'file', name: string) {
  const taken = await takenNames(tx, companyId, folderId, kind);
  const isTaken = (candidate: string) => taken.has(candidate.toLowerCase());
  if (!isTaken(name)) return name;
  return kind === 'folder'
    ? keepBothName(name, isTaken, { extension: false, max: CBOX_LIMITS.folderNameMax })
    : keepBothName(name, isTaken);
}

/**
 * POST biblioteca/papelera/restaurar: each entry with what was deleted with it (the same instant), back in its folder
 * or, when that is gone, at the root; a name taken there meanwhile gets a keep-both name.
 */
export async function restoreTrash(
  deps: AppDeps,
  user: SessionUser,
  input: CboxSelection,
): Promise<{ restored: number }> {
  const db = deps.database.db;
  const entries = await trashEntries(db, user, input);
  const c = user.companyId;
  await db.transaction(async (tx) => {
    const touched: (number | null)[] = [];
    for (const folder of entries.folders) {
      const parentId = await liveParent(tx, c, folder.parentId);
      const name = await freeName(tx, c, parentId, 'folder', folder.name);
      // The subtree first, while the entry still holds the instant it was deleted at.
      await tx.execute(sql`
        with recursive sub as (
          select id, deleted_at from cbox_folders where id = ${folder.id}
          union all
          select f.id, sub.deleted_at from cbox_folders f join sub on f.parent_id = sub.id where f.deleted_at = sub.deleted_at
        ),
        back_files as (
          update cbox_files x set deleted_at = null, deleted_by = null, trash_root = false
            from sub where x.folder_id = sub.id and x.deleted_at = sub.deleted_at returning x.id
        )
        update cbox_folders set deleted_at = null, deleted_by = null, trash_root = false
         where id in (select id from sub where id <> ${folder.id})`);
      await tx
        .update(cboxFolders)
        .set({ deletedAt: null, deletedBy: null, trashRoot: false, parentId, name })
        .where(eq(cboxFolders.id, folder.id));
      touched.push(parentId);
    }
    for (const file of entries.files) {
      const folderId = await liveParent(tx, c, file.folderId);
      const name = await freeName(tx, c, folderId, 'file', file.name);
      await tx
        .update(cboxFiles)
        .set({ deletedAt: null, deletedBy: null, trashRoot: false, folderId, name })
        .where(eq(cboxFiles.id, file.id));
      touched.push(folderId);
    }
    await recordActivity(
      tx,
      [...entries.folders.map((f) => ({ folderId: f.id })), ...entries.files.map((f) => ({ cboxFileId: f.id }))].map(
        (item) => ({ ...item, companyId: c, action: 'restored' as const, actorId: user.id }),
      ),
    );
    await folderChanged(tx, { companyId: c, actorId: user.id, action: 'restored', folderIds: touched });
  });
  return { restored: entries.folders.length + entries.files.length };
}

/** POST biblioteca/papelera/vaciar: these entries for good, now. */
export async function emptyTrash(deps: AppDeps, user: SessionUser, input: CboxSelection): Promise<{ purged: number }> {
  const entries = await trashEntries(deps.database.db, user, input);
  const purged = await purgeItems(deps, user.companyId, {
    folderIds: entries.folders.map((f) => f.id),
    fileIds: entries.files.map((f) => f.id),
  });
  return { purged };
}
