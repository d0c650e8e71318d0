import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(db: DbOrTx, row: NewFileRow): Promise<FileRow> {
  const [created] = await db.insert(files).values(row).returning();
  return created;
}

/** By storage path, or by thumbnail path (a thumbnail is read under its own path). */
export async function findByAnyPath(
  db: DbOrTx,
  companyId: number,
  path: string,
): Promise<{ row: FileRow; isThumbnail: boolean } | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), or(eq(files.path, path), eq(files.thumbnailPath, path))))
    .limit(1);
  return row ? { row, isThumbnail: row.path !== path } : undefined;
}

export async function findByPath(db: DbOrTx, path: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.path, path)).limit(1);
  return row;
}

/** Claims a pending upload for our receiving endpoint; undefined when someone else got there first. */
export async function claimPending(db: DbOrTx, path: string): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ status: 'receiving' })
    .where(and(eq(files.path, path), eq(files.status, 'pending')))
    .returning();
  return row;
}

export async function releaseClaim(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(files)
    .set({ status: 'pending' })
    .where(and(eq(files.id, id), eq(files.status, 'receiving')));
}

export async function markUploaded(db: DbOrTx, id: number, size: number): Promise<FileRow> {
  const [row] = await db
    .update(files)
    .set({ status: 'uploaded', size, uploadedAt: new Date() })
    .where(eq(files.id, id))
    .returning();
  return row;
}

export async function markRejected(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db.update(files).set({ status: 'rejected', rejectReason: reason }).where(eq(files.id, id));
}

export async function setThumbnail(db: DbOrTx, id: number, thumbnailPath: string): Promise<void> {
  await db.update(files).set({ thumbnailPath }).where(eq(files.id, id));
}

/**
 * Files of one uploader batch that still count: uploaded, being received, or pending with a
 * signature that has not expired. Rejected ones do not use up the limit (docs/product.md §5).
 */
export async function liveBatchFiles(db: DbOrTx, companyId: number, userId: number, batch: string, now = new Date()) {
  return db
    .select({ name: files.name, size: files.size, status: files.status })
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        eq(files.uploadedBy, userId),
        eq(files.batch, batch),
        ne(files.status, 'rejected'),
        or(ne(files.status, 'pending'), gt(files.expiresAt, now)),
      ),
    );
}

/** Pending rows whose signature expired long ago never got their bytes: drop them. */
export async function purgeStalePending(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(files).where(and(eq(files.status, 'pending'), lt(files.expiresAt, olderThan)));
}

/**
 * Links uploaded files to an entity of another module (e.g. a ticket), within one company. A file
 * belongs to one record: attaching it again moves it there (the modules attach only files the caller
 * may read, so nothing reaches an audience the caller could not have shown it to).
 */
export async function linkToEntity(
  db: DbOrTx,
  companyId: number,
  paths: readonly string[],
  entityType: string,
  entityId: number,
): Promise<number> {
  if (!paths.length) return 0;
  const rows = await db
    .update(files)
    .set({ entityType, entityId })
    .where(and(eq(files.companyId, companyId), inArray(files.path, [...paths]), eq(files.status, 'uploaded')))
    .returning({ id: files.id });
  return rows.length;
}

export async function unlinkFromEntity(
  db: DbOrTx,
  companyId: number,
  paths: readonly string[],
  entityType: string,
  entityId: number,
): Promise<void> {
  if (!paths.length) return;
  await db
    .update(files)
    .set({ entityType: null, entityId: null })
    .where(
      and(
        eq(files.companyId, companyId),
        inArray(files.path, [...paths]),
        eq(files.entityType, entityType),
        eq(files.entityId, entityId),
      ),
    );
}

/** Forgets an upload that was discarded before it was attached to anything. */
export async function deleteRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** Forgets an upload that never finished, unless something took it meanwhile (rows pointing at it go by cascade). */
export async function deleteUnattached(db: DbOrTx, id: number): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), isNull(files.entityType), ne(files.status, 'uploaded')));
}

/** Takes a file out of its uploader batch, so it no longer counts for duplicates or the limit. */
export async function detachFromBatch(db: DbOrTx, id: number): Promise<void> {
  await db.update(files).set({ batch: null }).where(eq(files.id, id));
}

/** Records that the file at `copyPath` is a marked copy of the one at `sourcePath` (both the company's). */
export async function setMarkedFrom(db: DbOrTx, companyId: number, copyPath: string, sourcePath: string) {
  const [source] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.path, sourcePath)))
    .limit(1);
  if (!source) return;
  await db
    .update(files)
    .set({ markedFromId: source.id })
    .where(and(eq(files.companyId, companyId), eq(files.path, copyPath)));
}
