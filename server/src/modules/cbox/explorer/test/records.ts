import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { categoryOf, extensionOf } from '#domain/files';
import type { DbOrTx } from '../../../../db/client.ts';
import { cboxFiles, cboxFolders, cboxShares, cboxVersions, files, users } from '../../../../db/schema/index.ts';
import { CBOX_FILE_ENTITY } from '../../shared/quota.ts';

/**
 * Library records written straight to the tables, for tests and sweeps: uploads and shares are other sub-features'
 * routes, and a listing test needs many rows at once.
 */

export async function userIdOf(db: DbOrTx, companyId: number, username: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.username, username)));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

export async function insertFolder(
  db: DbOrTx,
  at: { companyId: number; name: string; parentId?: number | null; createdBy?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(cboxFolders)
    .values({ companyId: at.companyId, name: at.name, parentId: at.parentId ?? null, createdBy: at.createdBy ?? null })
    .returning({ id: cboxFolders.id });
  return row.id;
}

/** A stored version: a `files` row already uploaded, attached to the library file. */
async function insertStored(db: DbOrTx, companyId: number, name: string, size: number, cboxFileId: number | null) {
  const extension = extensionOf(name);
  const [row] = await db
    .insert(files)
    .values({
      companyId,
      path: `${companyId}/2026/01/${randomUUID()}.${extension}`,
      name,
      extension,
      mime: extension === 'pdf' ? 'application/pdf' : 'application/octet-stream',
      category: categoryOf(extension) ?? 'document',
      context: 'library',
      status: 'uploaded',
      maxBytes: size,
      size,
      entityType: CBOX_FILE_ENTITY,
      entityId: cboxFileId,
      expiresAt: new Date(Date.now() + 86_400_000),
      uploadedAt: new Date(),
    })
    .returning();
  return row;
}

/** A library file with its first version (its `files` row is 'uploaded' and attached as 'cbox_file'). */
export async function insertFile(
  db: DbOrTx,
  at: { companyId: number; name: string; folderId?: number | null; createdBy?: number | null; size?: number },
): Promise<number> {
  const size = at.size ?? 1000;
  const stored = await insertStored(db, at.companyId, at.name, size, null);
  const [row] = await db
    .insert(cboxFiles)
    .values({
      companyId: at.companyId,
      folderId: at.folderId ?? null,
      name: at.name,
      fileId: stored.id,
      size,
      extension: stored.extension,
      category: stored.category,
      mime: stored.mime,
      createdBy: at.createdBy ?? null,
    })
    .returning({ id: cboxFiles.id });
  await db.update(files).set({ entityId: row.id }).where(eq(files.id, stored.id));
  await db.insert(cboxVersions).values({
    companyId: at.companyId,
    cboxFileId: row.id,
    fileId: stored.id,
    version: 1,
    size,
    createdBy: at.createdBy,
  });
  return row.id;
}

/** A second version of a library file, made current (what an upload with on_conflict 'replace' leaves). */
export async function insertVersion(db: DbOrTx, companyId: number, cboxFileId: number, size: number) {
  const [file] = await db.select().from(cboxFiles).where(eq(cboxFiles.id, cboxFileId));
  const stored = await insertStored(db, companyId, file.name, size, cboxFileId);
  const version = file.version + 1;
  await db.insert(cboxVersions).values({ companyId, cboxFileId, fileId: stored.id, version, size });
  await db.update(cboxFiles).set({ fileId: stored.id, version, size }).where(eq(cboxFiles.id, cboxFileId));
  return { version, fileId: stored.id, path: stored.path };
}

/** A share to one user (the sharing routes are another sub-feature's). */
export async function shareWith(
  db: DbOrTx,
  at: { companyId: number; userId: number; folderId?: number; fileId?: number; canEdit?: boolean; canShare?: boolean },
) {
  await db.insert(cboxShares).values({
    companyId: at.companyId,
    folderId: at.folderId ?? null,
    cboxFileId: at.fileId ?? null,
    subjectKind: 'user',
    userId: at.userId,
    canEdit: at.canEdit ?? false,
    canShare: at.canShare ?? false,
  });
}
