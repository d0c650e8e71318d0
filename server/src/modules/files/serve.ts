import type { Readable } from 'node:stream';
import { isStoragePath } from '#domain/files';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { notFound, unauthenticated } from '../../lib/errors.ts';
import { storageOf } from '../../storage/index.ts';
import { ensureUploaded, mayRead } from './access.ts';
import { findByAnyPath, type FileRow } from './repo.ts';
import { contentDisposition, parseRange } from './range.ts';

export type OpenedFile = { status: 200 | 206 | 304 | 416; headers: Record<string, string>; body?: Readable };

/** How a stored file is asked for: the HTTP method, one byte range and its validators, and whether to download. */
export type ServeRequest = {
  method: string;
  range?: string;
  ifNoneMatch?: string;
  ifRange?: string;
  download?: boolean;
};

/** MIME types a browser may show in place; anything else is always downloaded. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf|video\/(mp4|webm|quicktime)|audio\/.+|text\/plain)$/;

/**
 * GET api/v2/public/files/<path> (docs/product.md §7): the caller's company only (owners: their own files or
 * what the access hook allows), the stored MIME type, the original name, one byte range, streamed.
 * A thumbnail is read under its own path and follows its original's access rules.
 */
export async function openFile(
  deps: AppDeps,
  user: SessionUser | undefined,
  path: string,
  req: ServeRequest,
): Promise<OpenedFile> {
  if (!user) throw unauthenticated();
  if (!isStoragePath(path)) throw notFound();
  const found = await findByAnyPath(deps.database.db, user.companyId, path);
  if (!found || !(await mayRead(deps, user, found.row))) throw notFound();
  return openStoredFile(deps, found.row, req, found.isThumbnail);
}

/**
 * The bytes of a files row whose reading the caller already allowed (openFile above; a Cbox share link, which has
 * no session): headers, validators, one byte range, streamed. `isThumbnail` serves the row's thumbnail instead.
 */
export async function openStoredFile(
  deps: AppDeps,
  stored: FileRow,
  req: ServeRequest,
  isThumbnail = false,
): Promise<OpenedFile> {
  const found = { row: stored, isThumbnail };
  const path = isThumbnail && stored.thumbnailPath ? stored.thumbnailPath : stored.path;
  const row = await ensureUploaded(deps, found.row);
  const storage = storageOf(deps);
  const info = await storage.stat(path);
  if (!info) throw notFound();

  const mime = found.isThumbnail ? 'image/webp' : row.mime;
  const name = found.isThumbnail ? row.name.replace(/\.[^.]+$/, '') + '-miniatura.webp' : row.name;
  const etag = `"${row.id}${found.isThumbnail ? 't' : ''}-${info.size}-${(row.uploadedAt ?? row.createdAt).getTime().toString(36)}"`;
  const headers: Record<string, string> = {
    'Content-Type': mime,
    'Content-Disposition': contentDisposition(req.download || !INLINE.test(mime) ? 'attachment' : 'inline', name),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': (row.uploadedAt ?? row.createdAt).toUTCString(),
    // Private: the answer depends on who asks. Revalidated with the ETag.
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (
    req.ifNoneMatch &&
    req.ifNoneMatch
      .split(',')
      .map((t) => t.trim())
      .includes(etag)
  )
    return { status: 304, headers };

  // If-Range with a stale validator means "send it all" (RFC 9110 §13.1.5).
  const range = req.ifRange && req.ifRange !== etag ? undefined : parseRange(req.range, info.size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { 'Content-Range': `bytes */${info.size}`, 'Accept-Ranges': 'bytes' } };
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  } else {
    headers['Content-Length'] = String(info.size);
  }
  const status = range ? 206 : 200;
  if (req.method === 'HEAD') return { status, headers };
  return { status, headers, body: await storage.read(path, range) };
}
