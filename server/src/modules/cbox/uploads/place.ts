import { and, eq, isNull, sql } from 'drizzle-orm';
import { keepBothName, sameName, type CboxActivity } from '#domain/cbox';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { cboxFiles, cboxUploadParts, cboxVersions, files } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { isUniqueViolation } from '../../../lib/errors.ts';
import type { FileRow } from '../../files/service.ts';
import type { CboxFileRow } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { CBOX_FILE_ENTITY } from '../shared/quota.ts';
import type { UploadSession } from './sessions.ts';

/**
 * A finished upload takes its place in the library, in one transaction (docs/product.md §5 duplicates): with
 * `replace` it becomes the next version of the file of that name (the previous one stays in cbox_versions), with
 * `keep_both` (or when the name was taken while the bytes went up) a second file 'name (n).ext', else a new file.
 * The stored file is attached to the library file, and the folder's listing is told last.
 */
export async function placeInLibrary(
  deps: AppDeps,
  user: SessionUser,
  session: UploadSession,
  stored: FileRow,
): Promise<CboxFileRow> {
  try {
    return await placeOnce(deps, user, session, stored);
  } catch (err) {
    // Another upload of the same new name landed between our read and our insert: once more, now seeing it.
    if (!isUniqueViolation(err, 'cbox_files_name_uq')) throw err;
    return placeOnce(deps, user, session, stored);
  }
}

async function placeOnce(
  deps: AppDeps,
  user: SessionUser,
  session: UploadSession,
  stored: FileRow,
): Promise<CboxFileRow> {
  return transactionWithEvents(deps, async (tx) => {
    const inFolder = await tx
      .select()
      .from(cboxFiles)
      .where(
        and(
          eq(cboxFiles.companyId, user.companyId),
          session.folderId === null ? isNull(cboxFiles.folderId) : eq(cboxFiles.folderId, session.folderId),
          isNull(cboxFiles.deletedAt),
        ),
      )
      .for('update');
    const existing = inFolder.find((f) => sameName(f.name, session.name));
    const size = stored.size ?? session.size;
    const current = {
      fileId: stored.id,
      size,
      extension: stored.extension,
      category: stored.category,
      mime: stored.mime,
    };
    let row: CboxFileRow;
    let action: CboxActivity;
    if (existing && session.onConflict === 'replace') {
      // The version being replaced stays in the history, even if whoever created the file wrote no row for it.
      await tx
        .insert(cboxVersions)
        .values({
          companyId: user.companyId,
          cboxFileId: existing.id,
          fileId: existing.fileId,
          version: existing.version,
          size: existing.size,
          createdBy: existing.createdBy,
        })
        .onConflictDoNothing();
      [row] = await tx
        .update(cboxFiles)
        .set({ ...current, version: sql`${cboxFiles.version} + 1`, updatedAt: new Date() })
        .where(eq(cboxFiles.id, existing.id))
        .returning();
      action = 'version_added';
    } else {
      const name = existing
        ? keepBothName(session.name, (candidate) => inFolder.some((f) => sameName(f.name, candidate)))
        : session.name;
      [row] = await tx
        .insert(cboxFiles)
        .values({ companyId: user.companyId, folderId: session.folderId, name, ...current, createdBy: user.id })
        .returning();
      action = 'uploaded';
    }
    await tx.insert(cboxVersions).values({
      companyId: user.companyId,
      cboxFileId: row.id,
      fileId: stored.id,
      version: row.version,
      size,
      createdBy: user.id,
    });
    await tx
      .update(files)
      .set({ entityType: CBOX_FILE_ENTITY, entityId: row.id, name: row.name })
      .where(eq(files.id, stored.id));
    await tx.delete(cboxUploadParts).where(eq(cboxUploadParts.uploadId, session.id));
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action,
        actorId: user.id,
        cboxFileId: row.id,
        folderId: row.folderId,
        detail: { version: row.version, size },
      },
    ]);
    await folderChanged(tx, { companyId: user.companyId, actorId: user.id, action, folderIds: [row.folderId] });
    return row;
  });
}
