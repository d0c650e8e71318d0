import { fileUrl as publicFilePath, SNIFF_BYTES, sniff, extensionOf, type UploadContext } from '#domain/files';
import { apiOrigin, apiV2 } from '../../api/clients.ts';
import { postForm, putFile, type OnProgress } from './transfer.ts';

/** docs/product.md §3 File as the API returns it after an upload. */
export type StoredFile = {
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

/** docs/product.md §3 uploaded file item: what an uploader emits to its parent. */
export type UploadedFileItem = {
  name: string;
  type: string;
  size: number;
  path: string;
  filename: string;
  lastModified: number;
  observacion?: string;
  url?: string;
  url_thumbnail?: string | null;
};

export type UploadMethod = 'put' | 'post';
export type UploadRequest = {
  file: File;
  context: UploadContext;
  batch?: string;
  method: UploadMethod;
  /** docs/product.md §7: files/upload-url by default; the presigned POST URL is configurable. */
  endpoint: string;
  signal?: AbortSignal;
  onProgress: OnProgress;
  /** Called as soon as the server has chosen the path, so a removal can discard it. */
  onPath?: (path: string) => void;
};

type Signed = {
  data: {
    url?: string;
    action?: string;
    path: string;
    contentType?: string;
    headers?: Record<string, string>;
    fields?: Record<string, string>;
  };
};

/** A path or a URL of ours → an absolute URL on the API origin. */
export const absoluteFileUrl = (pathOrUrl: string) => {
  if (/^(https?:|blob:|data:)/.test(pathOrUrl)) return pathOrUrl;
  return `${apiOrigin()}${pathOrUrl.startsWith('/') ? pathOrUrl : publicFilePath(pathOrUrl)}`;
};

/** docs/product.md §5: a renamed executable is caught from its first bytes before anything is sent. */
export async function sniffFile(file: Blob, name: string) {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniff(head, extensionOf(name));
}

/** Sign, send the bytes with progress, then confirm: the stored file (docs/product.md §7 calls). */
export async function uploadFile(req: UploadRequest): Promise<StoredFile> {
  const { file } = req;
  const common = { context: req.context, name: file.name, size: file.size, batch: req.batch };
  // The signing request is silent: its failure shows on the item (uploader) or aborts quietly (image picker).
  const signed =
    req.method === 'put'
      ? await apiV2.post<Signed>(
          req.endpoint,
          { ...common, extension: extensionOf(file.name), contentType: file.type || undefined },
          { silent: true, signal: req.signal },
        )
      : await apiV2.post<Signed>(
          req.endpoint,
          { ...common, key: file.name, contentType: file.type || 'application/octet-stream' },
          { silent: true, signal: req.signal },
        );
  const target = signed.data;
  req.onPath?.(target.path);
  const answer =
    req.method === 'put'
      ? await putFile(
          target.url!,
          file,
          target.headers ?? { 'Content-Type': target.contentType ?? file.type },
          req.onProgress,
          req.signal,
        )
      : await postForm(target.action!, target.fields ?? {}, file, req.onProgress, req.signal);
  const direct = (answer as { data?: StoredFile } | undefined)?.data;
  if (direct?.path === target.path) return direct;
  // S3 answers nothing useful: ask our API, which verifies the object on first look.
  const confirmed = await apiV2.post<{ data: StoredFile }>(
    'files/confirm',
    { path: target.path },
    { silent: true, signal: req.signal },
  );
  return confirmed.data;
}

/** Removing a file from the list discards its unattached upload on the server; best effort. */
export function discardUpload(path: string): void {
  apiV2.delete(`files/${path}`, undefined, { silent: true }).catch(() => undefined);
}

export function toUploadedItem(file: File, stored: StoredFile, observation?: string): UploadedFileItem {
  return {
    name: file.name,
    type: file.type || stored.type,
    size: file.size,
    path: stored.path,
    filename: stored.name,
    lastModified: file.lastModified,
    url: stored.url,
    url_thumbnail: stored.url_thumbnail,
    ...(observation ? { observacion: observation } : {}),
  };
}

/** A file uploaded without a File of the browser (copied from the library): its record says it all. */
export function storedToUploadedItem(stored: StoredFile, observation?: string): UploadedFileItem {
  return {
    name: stored.name,
    type: stored.type,
    size: stored.size,
    path: stored.path,
    filename: stored.name,
    lastModified: Date.parse(stored.created_at) || 0,
    url: stored.url,
    url_thumbnail: stored.url_thumbnail,
    ...(observation ? { observacion: observation } : {}),
  };
}
