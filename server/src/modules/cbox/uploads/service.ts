import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxFileItem, CboxPartUrl, CboxUpload } from '#domain/cbox-responses';
import { extensionOf, UPLOAD_URL_TTL_SECONDS } from '#domain/files';
import type { z } from 'zod';
import type { cboxUploadCreateSchema } from '#domain/schemas/cbox';
import { cboxFiles, cboxUploads, files } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { storageOf } from '../../../storage/index.ts';
import {
  assertAcceptedExtension,
  dropPendingUpload,
  recordPendingUpload,
  verifyStoredUpload,
} from '../../files/service.ts';
import { assertCanAddTo, levelsOnFile } from '../shared/access.ts';
import { fileItem, peopleOf } from '../shared/items.ts';
import { assertWithinQuota } from '../shared/quota.ts';
import { placeInLibrary } from './place.ts';
import {
  loadSession,
  partCount,
  partSizeOf,
  partsMismatch,
  sameEtag,
  uploadDto,
  type UploadSession,
} from './sessions.ts';

/**
 * Large uploads into the library (docs/api.md, Cbox uploads): a session per file, its bytes sent in parts straight to
 * the storage (S3 multipart, or our /storage/parts endpoint on local disk), resumable until it expires
 * (CBOX_LIMITS.uploadSessionHours), then joined, verified like any direct upload, and placed in its folder.
 */
type CreateInput = z.infer<typeof cboxUploadCreateSchema>;

const nameTaken = (name: string) => new ApiError(409, 'cbox.uploads.exists', { name }, [], { code: 'exists' });

/** The caller's unfinished session for the same file (folder, name, size, lastModified): resume after a reload. */
async function sameFileSession(deps: AppDeps, user: SessionUser, input: CreateInput) {
  const [session] = await deps.database.db
    .select()
    .from(cboxUploads)
    .where(
      and(
        eq(cboxUploads.companyId, user.companyId),
        eq(cboxUploads.userId, user.id),
        input.folder_id == null ? isNull(cboxUploads.folderId) : eq(cboxUploads.folderId, input.folder_id),
        sql`lower(${cboxUploads.name}) = lower(${input.name})`,
        eq(cboxUploads.size, input.size),
        input.last_modified === undefined
          ? isNull(cboxUploads.lastModified)
          : eq(cboxUploads.lastModified, input.last_modified),
        isNull(cboxUploads.completedAt),
        gt(cboxUploads.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(cboxUploads.createdAt))
    .limit(1);
  return session;
}

async function nameInUse(deps: AppDeps, user: SessionUser, folderId: number | null, name: string) {
  const [row] = await deps.database.db
    .select({ id: cboxFiles.id })
    .from(cboxFiles)
    .where(
      and(
        eq(cboxFiles.companyId, user.companyId),
        folderId === null ? isNull(cboxFiles.folderId) : eq(cboxFiles.folderId, folderId),
        sql`lower(${cboxFiles.name}) = lower(${name})`,
        isNull(cboxFiles.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function pathOf(deps: AppDeps, session: UploadSession): Promise<string> {
  const [row] = await deps.database.db.select({ path: files.path }).from(files).where(eq(files.id, session.fileId));
  if (!row) throw notFound();
  return row.path;
}

async function withParts(deps: AppDeps, session: UploadSession): Promise<CboxUpload> {
  const stored = await storageOf(deps).listParts(await pathOf(deps, session), session.storageUploadId);
  return uploadDto(session, stored);
}

/** POST biblioteca/subidas. */
export async function createUpload(deps: AppDeps, user: SessionUser, input: CreateInput): Promise<CboxUpload> {
  const db = deps.database.db;
  const folderId = input.folder_id ?? null;
  await assertCanAddTo(db, user, folderId, 'file');
  const extension = extensionOf(input.name);
  assertAcceptedExtension('library', extension);
  const resumed = await sameFileSession(deps, user, input);
  if (resumed) {
    if (input.on_conflict && input.on_conflict !== resumed.onConflict)
      await db.update(cboxUploads).set({ onConflict: input.on_conflict }).where(eq(cboxUploads.id, resumed.id));
    return withParts(deps, { ...resumed, onConflict: input.on_conflict ?? resumed.onConflict });
  }
  if (!input.on_conflict && (await nameInUse(deps, user, folderId, input.name))) throw nameTaken(input.name);
  await assertWithinQuota(deps, db, user.companyId, input.size);

  const expiresAt = new Date(Date.now() + CBOX_LIMITS.uploadSessionHours * 3_600_000);
  const pending = await recordPendingUpload(deps, user, {
    extension,
    context: 'library',
    name: input.name,
    size: input.size,
    contentType: input.content_type,
    expiresAt,
  });
  let storageUploadId: string;
  try {
    storageUploadId = await storageOf(deps).createMultipart(pending.row.path, pending.contentType);
  } catch (err) {
    await dropPendingUpload(deps, pending.row.id);
    throw err;
  }
  const [session] = await db
    .insert(cboxUploads)
    .values({
      id: randomUUID(),
      companyId: user.companyId,
      userId: user.id,
      folderId,
      name: input.name,
      size: input.size,
      lastModified: input.last_modified ?? null,
      onConflict: input.on_conflict ?? null,
      fileId: pending.row.id,
      storageUploadId,
      partSize: CBOX_LIMITS.partBytes,
      expiresAt,
    })
    .returning();
  return uploadDto(session, []);
}

/** GET biblioteca/subidas/{id}: the session and the parts already stored (the client resumes from the first missing). */
export async function getUpload(deps: AppDeps, user: SessionUser, id: string): Promise<CboxUpload> {
  return withParts(deps, await loadSession(deps.database.db, user, id));
}

/** The caller's own open session, or 404: looked up before a body is read, so a foreign id is a 404 whatever it sends. */
export function sessionOf(deps: AppDeps, user: SessionUser, id: string): Promise<UploadSession> {
  return loadSession(deps.database.db, user, id);
}

/** POST biblioteca/subidas/{id}/partes: a presigned PUT per part, each bound to that part's exact size. */
export async function partUrls(
  deps: AppDeps,
  session: UploadSession,
  numbers: readonly number[],
  origin: string,
): Promise<CboxPartUrl[]> {
  const outside = numbers.find((n) => n > partCount(session));
  if (outside !== undefined) throw partsMismatch(outside);
  const path = await pathOf(deps, session);
  const expiresAt = new Date(Math.min(session.expiresAt.getTime(), Date.now() + UPLOAD_URL_TTL_SECONDS * 1000));
  const storage = storageOf(deps);
  return Promise.all(
    [...new Set(numbers)].map(async (number) => {
      const target = await storage.presignPart({
        path,
        uploadId: session.storageUploadId,
        partNumber: number,
        expiresAt,
        origin,
        maxBytes: partSizeOf(session, number),
      });
      return { number, ...target };
    }),
  );
}

/**
 * POST biblioteca/subidas/{id}/completar: every part present with the ETag the client was given and its exact
 * size (so the whole is the announced size), then the parts are joined, the object verified (size, first bytes:
 * files/finalize.ts verifyStoredUpload) and the file placed in its folder. The session is claimed first, so two
 * completions of one session never place the file twice.
 */
export async function completeUpload(
  deps: AppDeps,
  user: SessionUser,
  session: UploadSession,
  parts: readonly { number: number; etag: string }[],
): Promise<CboxFileItem> {
  const db = deps.database.db;
  const storage = storageOf(deps);
  await assertCanAddTo(db, user, session.folderId, 'file');
  const sorted = [...parts].sort((a, b) => a.number - b.number);
  if (sorted.length !== partCount(session) || sorted.some((p, i) => p.number !== i + 1)) throw partsMismatch();
  const path = await pathOf(deps, session);
  const stored = new Map((await storage.listParts(path, session.storageUploadId)).map((p) => [p.number, p]));
  for (const part of sorted) {
    const held = stored.get(part.number);
    if (!held || !sameEtag(held.etag, part.etag) || held.size !== partSizeOf(session, part.number))
      throw partsMismatch(part.number);
  }
  const [claimed] = await db
    .update(cboxUploads)
    .set({ completedAt: new Date() })
    .where(and(eq(cboxUploads.id, session.id), isNull(cboxUploads.completedAt)))
    .returning();
  if (!claimed) throw notFound();
  try {
    await storage.completeMultipart(
      path,
      session.storageUploadId,
      sorted.map((p) => ({ number: p.number, etag: stored.get(p.number)!.etag })),
    );
  } catch (err) {
    await db.update(cboxUploads).set({ completedAt: null }).where(eq(cboxUploads.id, session.id));
    throw err;
  }
  const [row] = await db.select().from(files).where(eq(files.id, session.fileId));
  let verified;
  try {
    verified = await verifyStoredUpload(deps, row);
  } catch (err) {
    // The joined object was refused (files/finalize.ts removed it and rejected its row): the session is over.
    await db.delete(cboxUploads).where(eq(cboxUploads.id, session.id));
    throw err;
  }
  const placed = await placeInLibrary(deps, user, session, verified);
  const [levels, people] = await Promise.all([levelsOnFile(db, user, placed), peopleOf(db, [placed.createdBy])]);
  return fileItem(placed, { levels, people, path: verified.path, thumbnailPath: verified.thumbnailPath });
}

/** Drops a session, its parts and its pending file row (the session row goes with the file row, by cascade). */
export async function discardSession(deps: AppDeps, session: UploadSession, path: string): Promise<void> {
  await storageOf(deps).abortMultipart(path, session.storageUploadId);
  await dropPendingUpload(deps, session.fileId);
  await deps.database.db.delete(cboxUploads).where(eq(cboxUploads.id, session.id));
}

/** DELETE biblioteca/subidas/{id}. */
export async function abortUpload(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const session = await loadSession(deps.database.db, user, id);
  await discardSession(deps, session, await pathOf(deps, session));
}
