import { randomUUID } from 'node:crypto';
import { can } from '#domain/permissions';
import {
  UPLOAD_CONTEXTS,
  UPLOAD_URL_TTL_SECONDS,
  categoryOf,
  extensionOf,
  fileUrl,
  formatBytes,
  isAcceptedMime,
  isSameFile,
  mimeOf,
  thumbnailPathOf,
  type PresignedPostInput,
  type ContextRules,
  type UploadContext,
  type UploadUrlInput,
} from '#domain/files';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { storageOf } from '../../storage/index.ts';
import type { SignRequest } from '../../storage/types.ts';
import {
  deleteRow,
  deleteUnattached,
  detachFromBatch,
  findByPath,
  insertFile,
  linkToEntity,
  liveBatchFiles,
  purgeStalePending,
  setMarkedFrom,
  unlinkFromEntity,
  type FileRow,
} from './repo.ts';
import { uploadError } from './finalize.ts';
import { ensureUploaded, mayRead } from './access.ts';
import { openFile } from './serve.ts';

export { receiveLocalUpload, uploadError, verifyStoredUpload } from './finalize.ts';
export type { FileRow } from './repo.ts';
export { openFile, openStoredFile, type OpenedFile, type ServeRequest } from './serve.ts';
export { sendStream } from './send.ts';
export { requestOrigin } from '../../http/origin.ts';
export { contentDisposition } from './range.ts';
/** For other endpoints that take signed uploads outside the API (Cbox's parts: cbox/uploads/part-routes.ts). */
export { bodyOf, drainBeforeAnswer } from './request-body.ts';

/**
 * The bytes of a stored file the caller may read, for documents generated on the server (acts, ticket
 * PDFs); a missing or unreadable file answers undefined so its place simply stays empty.
 */
export async function fileBytes(
  deps: AppDeps,
  user: SessionUser,
  path: string | null | undefined,
): Promise<Uint8Array | undefined> {
  if (!path) return undefined;
  try {
    const opened = await openFile(deps, user, path, { method: 'GET' });
    if (opened.status !== 200 || !opened.body) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  } catch {
    return undefined;
  }
}
export type { FileAccessCheck } from './access.ts';

/** docs/product.md §3 File, as the API returns it. */
export type FileDto = {
  id: number;
  name: string;
  filename: string;
  download_name: string;
  type: string;
  extension: string;
  category: string;
  size: number;
  file_size: number;
  path: string;
  url: string;
  url_thumbnail: string | null;
  created_at: string;
};

export function toFileDto(row: FileRow): FileDto {
  const size = row.size ?? 0;
  return {
    id: row.id,
    name: row.name,
    filename: row.name,
    download_name: row.name,
    type: row.mime,
    extension: row.extension,
    category: row.category,
    size,
    file_size: size,
    path: row.path,
    url: fileUrl(row.path),
    url_thumbnail: row.thumbnailPath ? fileUrl(row.thumbnailPath) : null,
    created_at: row.createdAt.toISOString(),
  };
}

type Prepared = { row: FileRow; sign: SignRequest };

/** Where a new file of the company is stored: a path we choose, never the user's name (docs/decisions.md, Files). */
export const newStoragePath = (companyId: number, extension: string, now = new Date(), id: string = randomUUID()) =>
  `${companyId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${extension}`;

/**
 * docs/product.md §5 within one uploader (its batch): the same file twice is a duplicate, and the batch holds at
 * most the context's maxFiles. Every way a file enters an uploader asks it (uploads, copies from the library).
 */
export async function assertBatchTakes(
  db: DbOrTx,
  user: SessionUser,
  input: { batch: string; name?: string; size?: number; rules: ContextRules; now?: Date },
): Promise<void> {
  const live = await liveBatchFiles(db, user.companyId, user.id, input.batch, input.now ?? new Date());
  const { name, size } = input;
  if (
    name &&
    size !== undefined &&
    live.some((f) => isSameFile({ name: f.name, size: f.size ?? -1 }, { name, size }))
  ) {
    throw uploadError(422, 'duplicate');
  }
  if (live.length >= input.rules.maxFiles) throw uploadError(422, 'max_files', { count: input.rules.maxFiles });
}

/** docs/product.md §8: an extension the upload context does not take is refused, naming the ones it does. */
export function assertAcceptedExtension(context: UploadContext, extension: string): void {
  const { extensions } = UPLOAD_CONTEXTS[context];
  if (!extensions.includes(extension))
    throw uploadError(422, 'invalid_extension', { extensions: extensions.map((e) => `.${e}`).join(', ') });
}
export type PendingUpload = { row: FileRow; contentType: string; maxBytes: number; expiresAt: Date };

/**
 * Checks docs/product.md §5 rules that need no bytes, then records the pending upload under a path we choose.
 * `expiresAt` (default: the signed URL's lifetime) is how long the row waits for its bytes.
 */
export async function recordPendingUpload(
  deps: AppDeps,
  user: SessionUser,
  input: {
    extension: string;
    context: UploadContext;
    name?: string;
    size?: number;
    batch?: string;
    contentType?: string;
    expiresAt?: Date;
  },
): Promise<PendingUpload> {
  const rules = UPLOAD_CONTEXTS[input.context];
  // Owners upload only where no staff permission is needed (ticket photos, their own documents).
  if (rules.permission && (user.kind === 'owner' || !can(user.permissions, rules.permission))) throw forbidden();
  const { extension } = input;
  assertAcceptedExtension(input.context, extension);
  if (input.size !== undefined && input.size > rules.maxBytes)
    throw uploadError(422, 'too_large', { size: formatBytes(rules.maxBytes) });
  if (input.size === 0) throw uploadError(422, 'empty');
  const name = input.name
    ? extensionOf(input.name) === extension
      ? input.name
      : `${input.name}.${extension}`
    : undefined;

  const db = deps.database.db;
  const now = new Date();
  if (input.batch) await assertBatchTakes(db, user, { batch: input.batch, name, size: input.size, rules, now });
  await purgeStalePending(db, new Date(now.getTime() - 86_400_000));

  // Browsers report some types several ways; a known alias is kept, anything else gets the canonical type.
  const contentType =
    input.contentType && isAcceptedMime(extension, input.contentType)
      ? input.contentType.toLowerCase()
      : mimeOf(extension);
  const id = randomUUID();
  const path = newStoragePath(user.companyId, extension, now, id);
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
  const row = await insertFile(db, {
    companyId: user.companyId,
    path,
    name: name ?? `${id}.${extension}`,
    extension,
    mime: contentType,
    category: categoryOf(extension)!,
    context: input.context,
    maxBytes: rules.maxBytes,
    batch: input.batch ?? null,
    uploadedBy: user.id,
    expiresAt,
  });
  return { row, contentType, maxBytes: rules.maxBytes, expiresAt };
}

async function prepareUpload(
  deps: AppDeps,
  user: SessionUser,
  origin: string,
  input: Parameters<typeof recordPendingUpload>[2],
): Promise<Prepared> {
  const { row, contentType, maxBytes, expiresAt } = await recordPendingUpload(deps, user, input);
  return { row, sign: { path: row.path, contentType, maxBytes, expiresAt, size: input.size, origin } };
}

/** A pending upload that will never finish (aborted, expired): its row goes, unless something took it meanwhile. */
export async function dropPendingUpload(deps: AppDeps, fileId: number): Promise<void> {
  await deleteUnattached(deps.database.db, fileId);
}

/** POST files/upload-url (docs/product.md §7): a signed URL to PUT the file to, with its content type. */
export async function createUploadUrl(deps: AppDeps, user: SessionUser, input: UploadUrlInput, origin: string) {
  const { row, sign } = await prepareUpload(deps, user, origin, input);
  const target = await storageOf(deps).presignPut(sign);
  return {
    url: target.url,
    path: row.path,
    contentType: sign.contentType,
    headers: target.headers,
    expires_at: sign.expiresAt.toISOString(),
    max_size: sign.maxBytes,
  };
}

/** POST <configurable url> {key, contentType} (docs/product.md §7): a signed form POST. */
export async function createPresignedPost(deps: AppDeps, user: SessionUser, input: PresignedPostInput, origin: string) {
  const extension = extensionOf(input.key);
  if (!extension) throw uploadError(422, 'no_extension');
  const { row, sign } = await prepareUpload(deps, user, origin, { ...input, extension, name: input.key });
  const target = await storageOf(deps).presignPost(sign);
  return {
    action: target.action,
    path: row.path,
    fields: target.fields,
    expires_at: sign.expiresAt.toISOString(),
    max_size: sign.maxBytes,
  };
}

/**
 * The caller's file by path, or 404 (another company's, not theirs as an owner, or never uploaded).
 * On S3 the first look at a finished upload verifies it, since no endpoint of ours saw the bytes.
 */
export async function confirmUpload(deps: AppDeps, user: SessionUser, path: string): Promise<FileDto> {
  return toFileDto(await readableFile(deps, user, path));
}

/** confirmUpload's record itself, for a module that goes on to copy the file (copyStoredFile below). */
export async function readableFile(deps: AppDeps, user: SessionUser, path: string): Promise<FileRow> {
  const row = await findByPath(deps.database.db, path);
  if (!row || row.companyId !== user.companyId || !(await mayRead(deps, user, row))) throw notFound();
  return ensureUploaded(deps, row);
}

/** An uploaded .jpg or .png the caller may read (logos, signatures), or undefined. */
export async function readableImage(deps: AppDeps, user: SessionUser, path: string): Promise<FileDto | undefined> {
  const file = await confirmUpload(deps, user, path).catch(() => undefined);
  return file && ['png', 'jpg', 'jpeg'].includes(file.extension) ? file : undefined;
}

/**
 * An image (.png or .jpg) the caller uploaded and nothing holds yet, or undefined: what a marked copy
 * (docs/product.md §2 image viewer) must be before a record takes it.
 */
export async function freshImage(deps: AppDeps, user: SessionUser, path: string): Promise<FileDto | undefined> {
  const row = await findByPath(deps.database.db, path);
  if (!row || row.companyId !== user.companyId || row.uploadedBy !== user.id || row.entityType) return undefined;
  const file = await ensureUploaded(deps, row).then(toFileDto, () => undefined);
  return file && ['png', 'jpg', 'jpeg'].includes(file.extension) ? file : undefined;
}

/** Remembers which image a marked copy was drawn on (files.marked_from_id); the original is not touched. */
export async function recordMarkedCopy(deps: AppDeps, companyId: number, copyPath: string, sourcePath: string) {
  await setMarkedFrom(deps.database.db, companyId, copyPath, sourcePath);
}

/**
 * DELETE files/<path>: the uploader removed a file from its list (docs/product.md §4 "removing a file updates
 * the list"). Only its own upload, and only while nothing references it: then row and bytes go.
 * A file already attached, or still being received, just leaves the batch.
 */
export async function discardUpload(deps: AppDeps, user: SessionUser, path: string): Promise<void> {
  const db = deps.database.db;
  const row = await findByPath(db, path);
  if (!row || row.companyId !== user.companyId || row.uploadedBy !== user.id) throw notFound();
  if (row.entityType || row.status === 'receiving') {
    await detachFromBatch(db, row.id);
    return;
  }
  // A pending S3 row may already have its object (uploaded, never confirmed): remove it either way.
  const storage = storageOf(deps);
  await storage.remove(row.path);
  if (row.thumbnailPath) await storage.remove(row.thumbnailPath);
  await deleteRow(db, row.id);
}

/** Attaches uploaded files to an entity of the calling module; returns how many were attached. */
export async function attachFiles(
  deps: AppDeps,
  companyId: number,
  paths: readonly string[],
  entity: { type: string; id: number },
): Promise<number> {
  return linkToEntity(deps.database.db, companyId, paths, entity.type, entity.id);
}

/**
 * The record a file was attached to is gone (a certificate or plan removed, a logo or signature
 * replaced): the file goes back to its uploader alone, unless it has since been attached elsewhere.
 */
export async function detachFiles(
  deps: AppDeps,
  companyId: number,
  paths: readonly string[],
  entity: { type: string; id: number },
): Promise<void> {
  await unlinkFromEntity(deps.database.db, companyId, paths, entity.type, entity.id);
}

/**
 * A file the server produced itself (a signed act): its bytes are written to storage and its record is
 * created already attached to `entity`, within the caller's transaction `db`, so it is readable exactly
 * as that record is (files/access.ts). Returns the stored file and `discard`, which removes the bytes
 * again when the caller's transaction does not commit.
 */
export async function storeGeneratedFile(
  deps: AppDeps,
  db: DbOrTx,
  input: {
    companyId: number;
    userId: number;
    name: string;
    extension: string;
    bytes: Uint8Array;
    entity: { type: string; id: number };
  },
): Promise<{ file: FileDto; discard: () => Promise<void> }> {
  const now = new Date();
  const path = newStoragePath(input.companyId, input.extension, now);
  const mime = mimeOf(input.extension);
  const storage = storageOf(deps);
  await storage.writeSmall(path, Buffer.from(input.bytes), mime);
  const row = await insertFile(db, {
    companyId: input.companyId,
    path,
    name: input.name,
    extension: input.extension,
    mime,
    category: categoryOf(input.extension)!,
    context: 'general',
    status: 'uploaded',
    maxBytes: input.bytes.byteLength,
    size: input.bytes.byteLength,
    uploadedBy: input.userId,
    uploadedAt: now,
    expiresAt: now,
    entityType: input.entity.type,
    entityId: input.entity.id,
  });
  return { file: toFileDto(row), discard: () => storage.remove(path) };
}

/** A stored file copied to a new record: the record, its answer, and `discard` for when the caller's transaction fails. */
export type StoredCopy = { row: FileRow; file: FileDto; discard: () => Promise<void> };

/**
 * The bytes of `source` (and its thumbnail) stored again under a new path, with a new record owned by `target`
 * (docs/product.md §1 Cbox: a library file attached elsewhere, an attachment saved to the library). The record is
 * what an upload through the uploader would have left: uploaded, in `context`, in `batch`, unattached (the caller
 * attaches it: attachFiles, or its own record in the same transaction). It is written with `db` (the caller's transaction); the bytes are copied first, so a
 * caller whose transaction does not commit calls `discard`.
 */
export async function copyStoredFile(
  deps: AppDeps,
  db: DbOrTx,
  source: FileRow,
  target: {
    companyId: number;
    userId: number;
    name: string;
    context: UploadContext;
    batch?: string | null;
  },
): Promise<StoredCopy> {
  const storage = storageOf(deps);
  const now = new Date();
  const path = newStoragePath(target.companyId, source.extension, now);
  const thumbnailPath = source.thumbnailPath ? thumbnailPathOf(path) : null;
  await storage.copy(source.path, path, source.mime);
  const discard = async () => {
    await storage.remove(path);
    if (thumbnailPath) await storage.remove(thumbnailPath);
  };
  try {
    if (source.thumbnailPath && thumbnailPath) await storage.copy(source.thumbnailPath, thumbnailPath, 'image/webp');
    const size = source.size ?? 0;
    const row = await insertFile(db, {
      companyId: target.companyId,
      path,
      name: target.name,
      extension: source.extension,
      mime: source.mime,
      category: source.category,
      context: target.context,
      status: 'uploaded',
      maxBytes: UPLOAD_CONTEXTS[target.context].maxBytes,
      size,
      batch: target.batch ?? null,
      uploadedBy: target.userId,
      uploadedAt: now,
      expiresAt: now,
      thumbnailPath,
    });
    return { row, file: toFileDto(row), discard };
  } catch (err) {
    await discard();
    throw err;
  }
}
