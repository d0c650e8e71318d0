import { formatBytes, sniff, SNIFF_BYTES, uploadErrorKey, type UploadErrorCode } from '#domain/files';
import type { AppDeps } from '../../http/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { isLocal, storageOf } from '../../storage/index.ts';
import type { UploadSource } from '../../storage/local.ts';
import type { PutGrant } from '../../storage/signing.ts';
import {
  claimPending,
  findByPath,
  markRejected,
  markUploaded,
  releaseClaim,
  setThumbnail,
  type FileRow,
} from './repo.ts';
import { makeThumbnail } from './thumbnails.ts';

/** A docs/product.md §8 upload failure: the message is files.errors.<code>, and `code` rides along for clients. */
export const uploadError = (status: number, code: UploadErrorCode, params?: Record<string, string | number>) =>
  new ApiError(status, uploadErrorKey(code), params, [], { code });

const sniffError = (head: Buffer, extension: string): ApiError | undefined => {
  const failure = sniff(head, extension);
  return failure ? uploadError(422, failure.code, failure.params) : undefined;
};

const codeOf = (err: ApiError) => String(err.extra.code ?? err.key);

/** After the bytes are in: mark the row uploaded and make its thumbnail, once. */
async function complete(deps: AppDeps, row: FileRow, size: number): Promise<FileRow> {
  const uploaded = await markUploaded(deps.database.db, row.id, size);
  const thumbnail = await makeThumbnail(storageOf(deps), deps.log, { path: row.path, extension: row.extension, size });
  if (thumbnail) {
    await setThumbnail(deps.database.db, row.id, thumbnail);
    return { ...uploaded, thumbnailPath: thumbnail };
  }
  return uploaded;
}

/**
 * The local backend's side of a presigned PUT or POST: the signature was verified by the caller;
 * here the declared type must match the signed one, the row must still be waiting, and the body is
 * streamed to disk with the size limit and the magic-number check applied on the way in.
 */
export async function receiveLocalUpload(
  deps: AppDeps,
  args: {
    grant: PutGrant;
    contentType: string | undefined;
    declaredLength?: number;
    source: UploadSource;
  },
): Promise<FileRow> {
  const storage = storageOf(deps);
  if (!isLocal(storage)) throw notFound();
  const { grant } = args;
  // Browsers may add parameters (charset) to the type; the media type itself must be the signed one.
  const mediaType = (args.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== grant.contentType.toLowerCase()) throw uploadError(403, 'signature_invalid');
  if (args.declaredLength !== undefined && args.declaredLength > grant.maxBytes) {
    throw uploadError(413, 'too_large', { size: formatBytes(grant.maxBytes) });
  }
  const db = deps.database.db;
  const row = await claimPending(db, grant.path);
  if (!row) {
    const existing = await findByPath(db, grant.path);
    if (!existing) throw notFound();
    throw uploadError(409, existing.status === 'rejected' ? 'default' : 'already_uploaded');
  }
  try {
    const { size } = await storage.receive(row.path, args.source, {
      maxBytes: Math.min(grant.maxBytes, row.maxBytes),
      inspect: (head) => sniffError(head, row.extension),
    });
    return await complete(deps, row, size);
  } catch (err) {
    // A broken rule rejects the upload for good; a dropped connection leaves it open for a retry.
    if (err instanceof ApiError) await markRejected(db, row.id, codeOf(err));
    else await releaseClaim(db, row.id);
    throw err;
  }
}

/**
 * Verifies an upload whose bytes nothing of ours checked on the way in (a PUT straight to S3, or the object a
 * multipart upload's parts were joined into, on either backend): size within the signed limit, first bytes
 * matching the extension, signed type kept; then the row is marked uploaded (thumbnail included). A failure
 * deletes the object and rejects the row.
 */
export async function verifyStoredUpload(deps: AppDeps, row: FileRow): Promise<FileRow> {
  const db = deps.database.db;
  const storage = storageOf(deps);
  const info = await storage.stat(row.path);
  if (!info) throw uploadError(409, 'not_uploaded');
  const claimed = await claimPending(db, row.path);
  if (!claimed) {
    const current = await findByPath(db, row.path);
    if (current?.status === 'uploaded') return current;
    throw uploadError(409, 'not_uploaded');
  }
  let failure: ApiError | undefined;
  if (info.size > row.maxBytes) failure = uploadError(413, 'too_large', { size: formatBytes(row.maxBytes) });
  else if (info.size === 0) failure = uploadError(422, 'empty');
  else if (info.contentType && info.contentType.split(';')[0].trim().toLowerCase() !== row.mime)
    failure = uploadError(403, 'signature_invalid');
  else failure = sniffError(await storage.readHead(row.path, SNIFF_BYTES), row.extension);
  if (failure) {
    await storage.remove(row.path);
    await markRejected(db, row.id, codeOf(failure));
    throw failure;
  }
  return complete(deps, claimed, info.size);
}
