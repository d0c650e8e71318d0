import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CBOX_LIMITS } from '#domain/cbox';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders, cboxUploads, files } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { storageOf } from '../../../storage/index.ts';
import { CBOX_FILE_ENTITY } from '../shared/quota.ts';
import { discardSession } from '../uploads/service.ts';
import { inIds } from './visibility.ts';

/** Ids per statement, well under PostgreSQL's parameter limit. */
const CHUNK = 1000;
const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

export type PurgeRoots = { folderIds: readonly number[]; fileIds: readonly number[] };

/** Every library file under these folders (whatever their state: the folder's rows take them along) and these files. */
async function doomedFiles(db: DbOrTx, companyId: number, roots: PurgeRoots): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive sub as (
      select id from cbox_folders where company_id = ${companyId} and ${inIds(sql`id`, roots.folderIds)}
      union
      select f.id from cbox_folders f join sub on f.parent_id = sub.id
    )
    select x.id from cbox_files x
     where x.company_id = ${companyId}
       and (x.folder_id in (select id from sub) or ${inIds(sql`x.id`, roots.fileIds)})`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * Uploads still going into these folders or below them: the storage's parts would outlive the session rows the
 * folders' deletion takes along (cascade), so each is aborted first, as the upload sweep would (uploads/sweep.ts).
 */
async function abortUploadsUnder(deps: AppDeps, companyId: number, folderIds: readonly number[]): Promise<void> {
  if (!folderIds.length) return;
  const db = deps.database.db;
  const result = await db.execute(sql`
    with recursive sub as (
      select id from cbox_folders where company_id = ${companyId} and ${inIds(sql`id`, folderIds)}
      union
      select f.id from cbox_folders f join sub on f.parent_id = sub.id
    )
    select id from sub`);
  const under = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  for (const ids of chunks(under)) {
    const open = await db
      .select({ session: cboxUploads, path: files.path })
      .from(cboxUploads)
      .innerJoin(files, eq(files.id, cboxUploads.fileId))
      .where(
        and(eq(cboxUploads.companyId, companyId), inArray(cboxUploads.folderId, ids), isNull(cboxUploads.completedAt)),
      );
    for (const { session, path } of open)
      await discardSession(deps, session, path).catch((err: unknown) =>
        deps.log.warn('cbox purge: could not abort an upload into a purged folder', {
          upload: session.id,
          error: String(err),
        }),
      );
  }
}

/**
 * Removes items for good (POST biblioteca/papelera/vaciar, and the purge of what waited CBOX_LIMITS.trashDays): the
 * rows of the folders (their subtrees go with them), of the files and of their versions, then the stored bytes of
 * every version (the `files` rows attached to them as 'cbox_file', thumbnails included) once the rows are gone.
 * A stored file something else still points at stays. Returns how many trash entries went.
 */
export async function purgeItems(deps: AppDeps, companyId: number, roots: PurgeRoots): Promise<number> {
  const db = deps.database.db;
  await abortUploadsUnder(deps, companyId, roots.folderIds);
  const fileIds = await doomedFiles(db, companyId, roots);
  const removed = await db.transaction(async (tx) => {
    const stored: { id: number }[] = [];
    for (const ids of chunks(fileIds))
      stored.push(
        ...(await tx
          .select({ id: files.id })
          .from(files)
          .where(
            and(eq(files.companyId, companyId), eq(files.entityType, CBOX_FILE_ENTITY), inArray(files.entityId, ids)),
          )),
      );
    for (const ids of chunks(fileIds))
      await tx.delete(cboxFiles).where(and(eq(cboxFiles.companyId, companyId), inArray(cboxFiles.id, ids)));
    for (const ids of chunks(roots.folderIds))
      await tx.delete(cboxFolders).where(and(eq(cboxFolders.companyId, companyId), inArray(cboxFolders.id, ids)));
    const gone: { path: string; thumbnailPath: string | null }[] = [];
    for (const ids of chunks(stored.map((s) => s.id)))
      gone.push(
        ...(await tx
          .delete(files)
          .where(
            and(
              inArray(files.id, ids),
              sql`not exists (select 1 from cbox_versions v where v.file_id = ${files.id})`,
              sql`not exists (select 1 from cbox_files c where c.file_id = ${files.id})`,
            ),
          )
          .returning({ path: files.path, thumbnailPath: files.thumbnailPath })),
      );
    return gone;
  });
  await removeStored(deps, removed);
  return roots.folderIds.length + roots.fileIds.length;
}

/** The bytes of removed rows; a storage failure is logged (the row is gone, the object is an orphan). */
async function removeStored(deps: AppDeps, rows: { path: string; thumbnailPath: string | null }[]) {
  const storage = storageOf(deps);
  for (const row of rows)
    for (const path of [row.path, row.thumbnailPath])
      if (path)
        await storage.remove(path).catch((error: unknown) => {
          deps.log.warn('cbox purge: stored object not removed', { path, error: String(error) });
        });
}

/** Trash entries deleted before `cutoff`, by company. */
async function expiredRoots(
  db: DbOrTx,
  cutoff: Date,
): Promise<Map<number, { folderIds: number[]; fileIds: number[] }>> {
  const result = await db.execute(sql`
    select 'folder' as kind, id, company_id from cbox_folders where trash_root and deleted_at < ${cutoff.toISOString()}::timestamptz
    union all
    select 'file', id, company_id from cbox_files where trash_root and deleted_at < ${cutoff.toISOString()}::timestamptz`);
  const byCompany = new Map<number, { folderIds: number[]; fileIds: number[] }>();
  for (const row of rowsOf<{ kind: 'folder' | 'file'; id: number; company_id: number }>(result)) {
    const company = Number(row.company_id);
    const entry = byCompany.get(company) ?? { folderIds: [], fileIds: [] };
    (row.kind === 'folder' ? entry.folderIds : entry.fileIds).push(Number(row.id));
    byCompany.set(company, entry);
  }
  return byCompany;
}

/** One pass of the purge: what has waited in the trash more than CBOX_LIMITS.trashDays goes for good. */
export async function purgeExpiredTrash(deps: AppDeps, now = new Date()): Promise<{ purged: number }> {
  const cutoff = new Date(now.getTime() - CBOX_LIMITS.trashDays * 86_400_000);
  let purged = 0;
  for (const [companyId, roots] of await expiredRoots(deps.database.db, cutoff))
    purged += await purgeItems(deps, companyId, roots);
  return { purged };
}

/** Registered by registerCbox (../service.ts); hourly is plenty for a 30-day wait. */
export const CBOX_TRASH_PURGE: PeriodicTask = {
  name: 'cbox-trash-purge',
  intervalMs: 60 * 60_000,
  run: (deps, now) => purgeExpiredTrash(deps, now),
};
