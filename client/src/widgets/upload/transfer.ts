/**
 * The byte transfers of an upload. XMLHttpRequest rather than fetch because only XHR reports upload
 * progress (the progress bar of docs/product.md §4). The signed URL is the only credential: no cookie, no
 * X-Requested-With, as S3 would expect.
 */
export type OnProgress = (loaded: number, total: number) => void;

/** A refused transfer, with the storage's answer (our local endpoint answers {message, code}). */
export class TransferError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : '';
    super(message);
    this.name = 'TransferError';
    this.status = status;
    this.body = body;
  }
}

function send(
  method: 'PUT' | 'POST',
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  onProgress: OnProgress,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = xhr.responseText;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        /* S3 answers XML or nothing */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed);
      else reject(new TransferError(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new TransferError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/** Presigned PUT (docs/product.md §7 files/upload-url): the file with its signed content type. */
export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: OnProgress,
  signal?: AbortSignal,
) {
  return send('PUT', url, file, headers, onProgress, signal);
}

/** Presigned POST (docs/product.md §7): the signed fields first, the file last, as S3 requires. */
export function postForm(
  action: string,
  fields: Record<string, string>,
  file: File,
  onProgress: OnProgress,
  signal?: AbortSignal,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return send('POST', action, form, {}, onProgress, signal);
}

/** Saves a blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
