import { and, eq, isNull } from 'drizzle-orm';
import { keepBothName, sameName } from '#domain/cbox';
import { UPLOAD_CONTEXTS, extensionOf, formatBytes } from '#domain/files';
import type { CboxFileItem } from '#domain/cbox-responses';
import { cboxFiles, cboxVersions, files } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { isUniqueViolation, notFound } from '../../../lib/errors.ts';
import {
  assertAcceptedExtension,
  assertBatchTakes,
  copyStoredFile,
  readableFile,
  uploadError,
  type FileDto,
  type FileRow,
} from '../../files/service.ts';
import { assertCanAddTo, levelsOnFile, loadFile } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { fileItem, peopleOf } from '../shared/items.ts';
import { assertWithinQuota, CBOX_FILE_ENTITY } from '../shared/quota.ts';

/**
 * Cbox and the rest of the app (docs/product.md §1 "file library with sharing and integrations"): a library file
 * picked in any uploader becomes a fresh upload of the caller, and a file attached elsewhere is kept in the library.
 * Both copy the bytes, so the two records live apart: deleting one never takes the other.
 */

/** Where attachments go (tickets, fichas, messages): the limits a copy for them must meet (docs/product.md §9). */
const ATTACHMENT_CONTEXT = 'general';

/** The stored current version of a library file (cbox_files.file_id). */
async function currentVersion(deps: AppDeps, companyId: number, fileId: number): Promise<FileRow> {
  const [row] = await deps.database.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, companyId)));
  if (!row || row.status !== 'uploaded') throw notFound();
  return row;
}

/**
 * POST biblioteca/archivos/{id}/copia: the library file's current version as a new upload of the caller, unattached,
 * exactly what the uploader would have produced, so a ticket or a ficha attaches its path as any other. Within an
 * uploader (`batch`) its duplicate and count rules hold as for a file from the computer.
 */
export async function copyForAttachment(
  deps: AppDeps,
  user: SessionUser,
  cboxFileId: number,
  input: { batch?: string },
): Promise<FileDto> {
  const db = deps.database.db;
  const { file } = await loadFile(db, user, cboxFileId);
  const source = await currentVersion(deps, user.companyId, file.fileId);
  const rules = UPLOAD_CONTEXTS[ATTACHMENT_CONTEXT];
  const size = source.size ?? file.size;
  assertAcceptedExtension(ATTACHMENT_CONTEXT, source.extension);
  if (size > rules.maxBytes) throw uploadError(422, 'too_large', { size: formatBytes(rules.maxBytes) });
  if (input.batch) await assertBatchTakes(db, user, { batch: input.batch, name: file.name, size, rules });
  const copy = await copyStoredFile(deps, db, source, {
    companyId: user.companyId,
    userId: user.id,
    name: file.name,
    context: ATTACHMENT_CONTEXT,
    batch: input.batch,
  });
  await recordActivity(db, [
    {
      companyId: user.companyId,
      action: 'downloaded',
      actorId: user.id,
      cboxFileId: file.id,
      detail: { copied_to: 'attachment' },
    },
  ]);
  return copy.file;
}

/** Names of the live files of a folder (null: the root), to find a free one. */
async function namesIn(deps: AppDeps, companyId: number, folderId: number | null): Promise<string[]> {
  const rows = await deps.database.db
    .select({ name: cboxFiles.name })
    .from(cboxFiles)
    .where(
      and(
        eq(cboxFiles.companyId, companyId),
        folderId === null ? isNull(cboxFiles.folderId) : eq(cboxFiles.folderId, folderId),
        isNull(cboxFiles.deletedAt),
      ),
    );
  return rows.map((r) => r.name);
}

/** Whether an insert lost the race for a name to another writer (then a later name is tried). */
const NAME_TAKEN = 'cbox_files_name_uq';
const NAME_ATTEMPTS = 3;

/**
 * POST biblioteca/guardar: a file the caller can read (a ticket's photo, a ficha's certificate) copied into a folder
 * they may edit, as a new library file (version 1). A name already in the folder keeps both ('x (1).ext',
 * docs/product.md §5 duplicates); the copy counts against the library's quota.
 */
export async function saveToLibrary(
  deps: AppDeps,
  user: SessionUser,
  input: { path: string; folder_id?: number | null },
): Promise<CboxFileItem> {
  const db = deps.database.db;
  const folderId = input.folder_id ?? null;
  const source = await readableFile(deps, user, input.path);
  await assertCanAddTo(db, user, folderId, 'file');
  const rules = UPLOAD_CONTEXTS.library;
  const extension = extensionOf(source.name) || source.extension;
  assertAcceptedExtension('library', extension);
  const size = source.size ?? 0;
  if (size > rules.maxBytes) throw uploadError(422, 'too_large', { size: formatBytes(rules.maxBytes) });
  await assertWithinQuota(deps, db, user.companyId, size);

  for (let attempt = 1; ; attempt += 1) {
    const taken = await namesIn(deps, user.companyId, folderId);
    const name = taken.some((n) => sameName(n, source.name))
      ? keepBothName(source.name, (candidate) => taken.some((n) => sameName(n, candidate)))
      : source.name;
    try {
      return await insertLibraryCopy(deps, user, { source, folderId, name, size });
    } catch (err) {
      if (attempt < NAME_ATTEMPTS && isUniqueViolation(err, NAME_TAKEN)) continue;
      throw err;
    }
  }
}

async function insertLibraryCopy(
  deps: AppDeps,
  user: SessionUser,
  args: { source: FileRow; folderId: number | null; name: string; size: number },
): Promise<CboxFileItem> {
  const { source, folderId, name, size } = args;
  let discard: (() => Promise<void>) | undefined;
  try {
    const saved = await deps.database.db.transaction(async (tx) => {
      const copy = await copyStoredFile(deps, tx, source, {
        companyId: user.companyId,
        userId: user.id,
        name,
        context: 'library',
      });
      discard = copy.discard;
      const [row] = await tx
        .insert(cboxFiles)
        .values({
          companyId: user.companyId,
          folderId,
          name,
          fileId: copy.row.id,
          version: 1,
          size,
          extension: copy.row.extension,
          category: copy.row.category,
          mime: copy.row.mime,
          createdBy: user.id,
        })
        .returning();
      await tx.insert(cboxVersions).values({
        companyId: user.companyId,
        cboxFileId: row.id,
        fileId: copy.row.id,
        version: 1,
        size,
        createdBy: user.id,
      });
      await tx.update(files).set({ entityType: CBOX_FILE_ENTITY, entityId: row.id }).where(eq(files.id, copy.row.id));
      await recordActivity(tx, [
        {
          companyId: user.companyId,
          action: 'uploaded',
          actorId: user.id,
          cboxFileId: row.id,
          folderId,
          detail: { from: 'attachment' },
        },
      ]);
      const levels = await levelsOnFile(tx, user, row);
      await folderChanged(tx, {
        companyId: user.companyId,
        actorId: user.id,
        action: 'uploaded',
        folderIds: [folderId],
      });
      return { row, levels, path: copy.row.path, thumbnailPath: copy.row.thumbnailPath };
    });
    const people = await peopleOf(deps.database.db, [saved.row.createdBy]);
    return fileItem(saved.row, { levels: saved.levels, people, path: saved.path, thumbnailPath: saved.thumbnailPath });
  } catch (err) {
    await discard?.();
    throw err;
  }
}
