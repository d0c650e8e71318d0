import { and, desc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { CBOX_LIMITS, type CboxLevel } from '#domain/cbox';
import type { CboxActivityEntry, CboxFileDetail, CboxFileItem, CboxVersion } from '#domain/cbox-responses';
import { extensionOf, fileUrl } from '#domain/files';
import type { cboxFileRenameSchema } from '#domain/schemas/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxActivity, cboxFiles, cboxLinks, cboxVersions, files } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { notFound, unprocessable } from '../../../lib/errors.ts';
import { loadFile } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { peopleOf } from '../shared/items.ts';
import { itemsOf } from './hydrate.ts';
import { orNameTaken } from './names.ts';
import { trailOf } from './trails.ts';

async function fileAsItem(db: DbOrTx, user: SessionUser, id: number, levels: CboxLevel[]) {
  const [item] = await itemsOf(db, user, [{ kind: 'file', id, levels }]);
  return item as CboxFileItem;
}

/** Every version of a file, newest first, the current one marked. */
async function versionsOf(db: DbOrTx, cboxFileId: number, current: number): Promise<CboxVersion[]> {
  const rows = await db
    .select({ v: cboxVersions, path: files.path })
    .from(cboxVersions)
    .innerJoin(files, eq(files.id, cboxVersions.fileId))
    .where(eq(cboxVersions.cboxFileId, cboxFileId))
    .orderBy(desc(cboxVersions.version));
  const people = await peopleOf(
    db,
    rows.map((r) => r.v.createdBy),
  );
  return rows.map(({ v, path }) => ({
    id: v.id,
    version: v.version,
    size: v.size,
    path,
    url: fileUrl(path),
    created_by: v.createdBy !== null ? (people.get(v.createdBy) ?? null) : null,
    created_at: v.createdAt.toISOString(),
    current: v.version === current,
  }));
}

/** GET biblioteca/archivos/{id}: the file, the way to it and its versions. */
export async function fileDetail(db: DbOrTx, user: SessionUser, id: number): Promise<CboxFileDetail> {
  const { file, levels } = await loadFile(db, user, id);
  return {
    file: await fileAsItem(db, user, id, levels),
    trail: await trailOf(db, user, file.folderId),
    versions: await versionsOf(db, id, file.version),
  };
}

/** PATCH biblioteca/archivos/{id}: a new name with the same extension (the stored bytes keep their type). */
export async function renameFile(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: z.output<typeof cboxFileRenameSchema>,
): Promise<CboxFileItem> {
  const db = deps.database.db;
  const { file, levels } = await loadFile(db, user, id, 'can-edit');
  if (extensionOf(input.name) !== file.extension.toLowerCase())
    throw unprocessable([
      { field: 'name', key: 'cbox.errors.extension_change', params: { extension: file.extension } },
    ]);
  if (file.name !== input.name)
    await orNameTaken(input.name, () =>
      db.transaction(async (tx) => {
        await tx
          .update(cboxFiles)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(cboxFiles.id, id), eq(cboxFiles.companyId, user.companyId)));
        await recordActivity(tx, [
          {
            companyId: user.companyId,
            action: 'renamed',
            actorId: user.id,
            cboxFileId: id,
            detail: { from: file.name, to: input.name },
          },
        ]);
        await folderChanged(tx, {
          companyId: user.companyId,
          actorId: user.id,
          action: 'renamed',
          folderIds: [file.folderId],
        });
      }),
    );
  return fileAsItem(db, user, id, levels);
}

/**
 * POST biblioteca/archivos/{id}/versiones/{versionId}/restaurar: that version is current again, as a new version
 * number pointing at the same stored bytes (the history keeps every step).
 */
export async function restoreVersion(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  versionId: number,
): Promise<CboxFileItem> {
  const db = deps.database.db;
  const { file, levels } = await loadFile(db, user, id, 'can-edit');
  const [found] = await db
    .select({ v: cboxVersions, stored: files })
    .from(cboxVersions)
    .innerJoin(files, eq(files.id, cboxVersions.fileId))
    .where(and(eq(cboxVersions.id, versionId), eq(cboxVersions.cboxFileId, id)));
  if (!found) throw notFound();
  await db.transaction(async (tx) => {
    const [{ top }] = await tx
      .select({ top: max(cboxVersions.version) })
      .from(cboxVersions)
      .where(eq(cboxVersions.cboxFileId, id));
    const version = Math.max(top ?? 0, file.version) + 1;
    await tx.insert(cboxVersions).values({
      companyId: user.companyId,
      cboxFileId: id,
      fileId: found.v.fileId,
      version,
      size: found.v.size,
      createdBy: user.id,
    });
    await tx
      .update(cboxFiles)
      .set({
        fileId: found.v.fileId,
        version,
        size: found.v.size,
        mime: found.stored.mime,
        category: found.stored.category,
        updatedAt: new Date(),
      })
      .where(eq(cboxFiles.id, id));
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'version_restored',
        actorId: user.id,
        cboxFileId: id,
        detail: { restored: found.v.version, version },
      },
    ]);
    await folderChanged(tx, {
      companyId: user.companyId,
      actorId: user.id,
      action: 'version_restored',
      folderIds: [file.folderId],
    });
  });
  return fileAsItem(db, user, id, levels);
}

/** GET biblioteca/archivos/{id}/actividad: the newest entries of its log, with who (or which link) acted. */
export async function fileActivity(db: DbOrTx, user: SessionUser, id: number): Promise<CboxActivityEntry[]> {
  await loadFile(db, user, id);
  const rows = await db
    .select({ a: cboxActivity, linkLabel: cboxLinks.label })
    .from(cboxActivity)
    .leftJoin(cboxLinks, eq(cboxLinks.id, cboxActivity.linkId))
    .where(and(eq(cboxActivity.cboxFileId, id), eq(cboxActivity.companyId, user.companyId)))
    .orderBy(desc(cboxActivity.at), desc(cboxActivity.id))
    .limit(CBOX_LIMITS.activityMax);
  const people = await peopleOf(
    db,
    rows.map((r) => r.a.actorId),
  );
  return rows.map(({ a, linkLabel }) => ({
    id: a.id,
    action: a.action,
    actor:
      a.actorId !== null
        ? (people.get(a.actorId) ?? null)
        : a.linkId !== null
          ? { id: a.linkId, name: linkLabel ?? '' }
          : null,
    via_link: a.linkId !== null,
    detail: a.detail,
    at: a.at.toISOString(),
  }));
}
