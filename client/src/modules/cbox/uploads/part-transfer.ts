/**
 * One part's PUT to its presigned URL (S3's UploadPart, or our /storage/parts on local disk). XMLHttpRequest rather
 * than fetch: only XHR reports upload progress. The signed URL is the only credential (no cookie). Resolves the
 * part's ETag, which completing the upload needs: the `ETag` header (a bucket's CORS must expose it), else the
 * local endpoint's JSON answer.
 */
export class PartTransferError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`part upload failed (${status})`);
    this.name = 'PartTransferError';
    this.status = status;
  }
}

export function putPart(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new PartTransferError(xhr.status));
      let etag = xhr.getResponseHeader('ETag');
      if (!etag) {
        try {
          etag = (JSON.parse(xhr.responseText) as { data?: { etag?: string } }).data?.etag ?? null;
        } catch {
          etag = null;
        }
      }
      if (etag) resolve(etag);
      else reject(new PartTransferError(xhr.status));
    };
    xhr.onerror = () => reject(new PartTransferError(0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
