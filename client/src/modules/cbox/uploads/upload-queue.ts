import { CBOX_LIMITS, type CboxConflictResolution } from '#domain/cbox';
import type { CboxUpload } from '#domain/cbox-responses';
import { selectFiles, UPLOAD_CONTEXTS, uploadErrorKey } from '#domain/files';
import { isApiError } from '../../../api/errors.ts';
import { uploadsApi } from '../api/uploads-api.ts';
import { PartTransferError, putPart } from './part-transfer.ts';
import { forgetSession, isSameFingerprint, saveSession, savedSessions } from './saved-sessions.ts';

/**
 * The library's upload queue (docs/api.md, Cbox subidas), one per page, outside React so uploads go on while the
 * explorer moves between folders. Each file: a session (POST subidas; a taken name waits in 'conflict' for the
 * user's choice), its parts PUT three at a time with retries and backoff, then completar. A file whose part keeps
 * failing is 'paused' until the user retries; one interrupted by a reload is 'waiting_file' until the same file is
 * picked again, and resumes from the parts the server holds.
 */
export type UploadStatus =
  | 'queued'
  | 'uploading'
  | 'completing'
  | 'done'
  | 'paused'
  | 'conflict'
  | 'failed'
  | 'refused'
  | 'cancelled'
  | 'waiting_file';

/** A message: a locale key with params (our rules), or the server's translated text. */
export type UploadMessage = { key: string; params?: Record<string, unknown> } | { text: string };

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  lastModified: number;
  folderId: number | null;
  status: UploadStatus;
  /** Bytes stored so far (parts done plus what the parts in flight have sent). */
  uploaded: number;
  file?: File;
  sessionId?: string;
  onConflict?: CboxConflictResolution;
  message?: UploadMessage;
};

export type ConflictChoice = CboxConflictResolution | 'skip';

export type QueueOptions = {
  /** Files going up at once; the others wait 'queued'. */
  filesInFlight: number;
  /** Parts of one file in flight at once. */
  partsInFlight: number;
  /** Waits before each retry of a failed part; when they run out the file pauses. */
  retryDelaysMs: number[];
};

const ACTIVE: UploadStatus[] = ['queued', 'uploading', 'completing', 'conflict'];
export const isActive = (item: UploadItem) => ACTIVE.includes(item.status);

class PartFailed extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** Worth trying again later (network, server trouble, an expired URL) rather than a refusal. */
const isTransient = (err: unknown) =>
  (err instanceof PartTransferError && (err.status === 0 || err.status === 403 || err.status >= 500)) ||
  (isApiError(err) && (err.status === 0 || err.status >= 500)) ||
  err instanceof TypeError;

export class UploadQueue {
  items: UploadItem[] = [];
  options: QueueOptions = { filesInFlight: 2, partsInFlight: 3, retryDelaysMs: [1000, 3000, 9000] };
  /** Called when a file (or a folder made for a dropped folder) is in the library: listings refresh. */
  onLibraryChanged?: () => void;
  private conflictPolicy?: ConflictChoice;
  private controllers = new Map<string, AbortController>();
  private running = new Set<string>();
  private listeners = new Set<() => void>();
  private seq = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.items;

  private emit() {
    this.items = [...this.items];
    for (const l of this.listeners) l();
  }

  private patch(key: string, changes: Partial<UploadItem>) {
    const i = this.items.findIndex((it) => it.key === key);
    if (i < 0) return;
    this.items[i] = { ...this.items[i], ...changes };
    this.emit();
  }

  private item(key: string) {
    return this.items.find((it) => it.key === key);
  }

  private newKey() {
    this.seq += 1;
    return `u${this.seq}`;
  }

  /** Unfinished uploads of an earlier page load, listed until the user picks their files again or discards them. */
  restore() {
    const known = new Set(this.items.map((it) => it.sessionId));
    const waiting = savedSessions()
      .filter((s) => !known.has(s.id))
      .map<UploadItem>((s) => ({
        key: this.newKey(),
        name: s.name,
        size: s.size,
        lastModified: s.lastModified,
        folderId: s.folderId,
        sessionId: s.id,
        onConflict: s.onConflict,
        status: 'waiting_file',
        uploaded: 0,
      }));
    if (waiting.length) {
      this.items = [...this.items, ...waiting];
      this.emit();
    }
  }

  /**
   * Files picked or dropped into `folderId`. One that is the file of an interrupted upload resumes it; the others
   * pass docs/product.md §8's checks (extension, size, twice in the batch) before anything is sent.
   */
  add(files: readonly File[], folderId: number | null) {
    if (!this.items.some(isActive)) this.conflictPolicy = undefined;
    const fresh: File[] = [];
    for (const file of files) {
      const waiting = this.items.find((it) => it.status === 'waiting_file' && isSameFingerprint(it, file));
      if (waiting) {
        this.patch(waiting.key, { file, status: 'queued', message: undefined });
      } else fresh.push(file);
    }
    const inQueue = this.items
      .filter(isActive)
      .map((it) => ({ name: it.name, size: it.size, lastModified: it.lastModified }));
    // The batch limit (UPLOAD_CONTEXTS.library.maxFiles) counts this pick or drop; the queue only adds duplicates.
    const rules = UPLOAD_CONTEXTS.library;
    const { accepted, rejected } = selectFiles(fresh, inQueue, { ...rules, maxFiles: rules.maxFiles + inQueue.length });
    const added: UploadItem[] = [
      ...accepted.map<UploadItem>((file) => ({
        key: this.newKey(),
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        folderId,
        file,
        status: 'queued',
        uploaded: 0,
      })),
      ...rejected.map<UploadItem>(({ file, error }) => ({
        key: this.newKey(),
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        folderId,
        status: 'refused',
        uploaded: 0,
        message: { key: uploadErrorKey(error.code), params: error.params },
      })),
    ];
    if (added.length) {
      this.items = [...this.items, ...added];
      this.emit();
    }
    this.pump();
  }

  /** Starts queued files while fewer than filesInFlight are going up. */
  private pump() {
    for (const it of this.items) {
      if (this.running.size >= this.options.filesInFlight) return;
      if (it.status !== 'queued' || this.running.has(it.key)) continue;
      this.running.add(it.key);
      void this.run(it.key).finally(() => {
        this.running.delete(it.key);
        this.pump();
      });
    }
  }

  /** The user's answer to a taken name; with `applyToAll` it answers every conflict of this batch. */
  resolveConflict(key: string, choice: ConflictChoice, applyToAll: boolean) {
    if (applyToAll) this.conflictPolicy = choice;
    const targets = applyToAll ? this.items.filter((it) => it.status === 'conflict') : [this.item(key)];
    for (const it of targets) if (it) this.applyChoice(it.key, choice);
  }

  private applyChoice(key: string, choice: ConflictChoice) {
    if (choice === 'skip') return this.patch(key, { status: 'cancelled', message: undefined });
    this.patch(key, { onConflict: choice, status: 'queued', message: undefined });
    this.pump();
  }

  /** The file picked again for an interrupted upload: it must be the same one (name, size, date). */
  resumeWith(key: string, file: File) {
    const it = this.item(key);
    if (!it || it.status !== 'waiting_file') return;
    if (!isSameFingerprint(it, file)) return this.patch(key, { message: { key: 'cbox_ui.uploads.not_same_file' } });
    this.patch(key, { file, status: 'queued', message: undefined });
    this.pump();
  }

  /** Something of a drop that could not be done (a folder that could not be created), shown as a failed line. */
  reportFailure(name: string, folderId: number | null, message: UploadMessage) {
    this.items = [
      ...this.items,
      { key: this.newKey(), name, size: 0, lastModified: 0, folderId, status: 'failed', uploaded: 0, message },
    ];
    this.emit();
  }

  retry(key: string) {
    const it = this.item(key);
    if (!it || !it.file || (it.status !== 'paused' && it.status !== 'failed')) return;
    this.patch(key, { status: 'queued', message: undefined });
    this.pump();
  }

  /** Stops a file: its parts in flight are aborted and its session dropped on the server. */
  cancel(key: string) {
    const it = this.item(key);
    if (!it) return;
    this.controllers.get(key)?.abort();
    if (it.sessionId) {
      forgetSession(it.sessionId);
      void uploadsApi.abort(it.sessionId).catch(() => undefined);
    }
    if (it.status === 'waiting_file') {
      this.items = this.items.filter((x) => x.key !== key);
      this.emit();
    } else this.patch(key, { status: 'cancelled', message: undefined });
  }

  /** Forgets every file, aborting what is in flight (the sessions stay on the server and in the browser to resume). */
  reset() {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    this.running.clear();
    this.conflictPolicy = undefined;
    this.items = [];
    this.emit();
  }

  /** Takes finished, refused and cancelled files off the list. */
  clearFinished() {
    this.items = this.items.filter((it) => isActive(it) || it.status === 'paused' || it.status === 'waiting_file');
    this.emit();
  }

  private async run(key: string) {
    const controller = new AbortController();
    this.controllers.get(key)?.abort();
    this.controllers.set(key, controller);
    const { signal } = controller;
    try {
      const upload = await this.session(key);
      if (!upload) return;
      const etags = new Map(upload.parts_done.map((p) => [p.number, p.etag]));
      await this.sendParts(key, upload, etags, signal);
      this.patch(key, { status: 'completing', uploaded: upload.size });
      const parts = [...etags].sort(([a], [b]) => a - b).map(([number, etag]) => ({ number, etag }));
      await uploadsApi.complete(upload.id, parts);
      if (signal.aborted) return;
      forgetSession(upload.id);
      this.patch(key, { status: 'done', uploaded: upload.size, message: undefined });
      this.onLibraryChanged?.();
    } catch (err) {
      if (signal.aborted || isAbort(err)) return;
      if (err instanceof PartFailed || isTransient(err))
        this.patch(key, { status: 'paused', message: { key: 'cbox_ui.uploads.paused' } });
      else
        this.patch(key, {
          status: 'failed',
          message: isApiError(err) && err.message ? { text: err.message } : { key: uploadErrorKey('default') },
        });
    } finally {
      if (this.controllers.get(key) === controller) this.controllers.delete(key);
    }
  }

  /** The file's session: the one it had (resume), else a new one; undefined while its name waits for a choice. */
  private async session(key: string): Promise<CboxUpload | undefined> {
    const it = this.item(key)!;
    if (it.sessionId) {
      const known = await uploadsApi.get(it.sessionId).catch((err) => {
        if (isApiError(err) && err.status === 404) return undefined;
        throw err;
      });
      if (known) return known;
      forgetSession(it.sessionId);
    }
    this.patch(key, { status: 'uploading', sessionId: undefined });
    let upload: CboxUpload;
    try {
      upload = await uploadsApi.start({
        folder_id: it.folderId,
        name: it.name,
        size: it.size,
        content_type: it.file?.type || undefined,
        last_modified: it.lastModified,
        on_conflict: it.onConflict,
      });
    } catch (err) {
      if (isApiError(err) && err.status === 409 && (err.body as { code?: string } | undefined)?.code === 'exists') {
        if (this.conflictPolicy) this.applyChoice(key, this.conflictPolicy);
        else this.patch(key, { status: 'conflict', message: { text: err.message } });
        return undefined;
      }
      throw err;
    }
    saveSession({
      id: upload.id,
      folderId: it.folderId,
      name: it.name,
      size: it.size,
      lastModified: it.lastModified,
      onConflict: it.onConflict,
    });
    this.patch(key, { sessionId: upload.id });
    return upload;
  }

  private async sendParts(key: string, upload: CboxUpload, etags: Map<number, string>, signal: AbortSignal) {
    const file = this.item(key)!.file!;
    const sizeOf = (n: number) => Math.min(upload.part_size, upload.size - (n - 1) * upload.part_size);
    let stored = [...etags.keys()].reduce((sum, n) => sum + sizeOf(n), 0);
    const inFlight = new Map<number, number>();
    const report = () =>
      this.patch(key, { status: 'uploading', uploaded: stored + [...inFlight.values()].reduce((a, b) => a + b, 0) });
    report();
    const missing = Array.from({ length: upload.part_count }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const urls = new Map<number, { url: string; headers: Record<string, string> }>();
    const fetchUrls = async (numbers: number[]) => {
      for (let i = 0; i < numbers.length; i += CBOX_LIMITS.partUrlsMax)
        for (const u of await uploadsApi.partUrls(upload.id, numbers.slice(i, i + CBOX_LIMITS.partUrlsMax)))
          urls.set(u.number, u);
    };
    if (missing.length) await fetchUrls(missing);

    const sendOne = async (n: number) => {
      const body = file.slice((n - 1) * upload.part_size, (n - 1) * upload.part_size + sizeOf(n));
      for (let attempt = 0; ; attempt += 1) {
        try {
          if (!urls.has(n)) await fetchUrls([n]);
          const target = urls.get(n)!;
          const etag = await putPart(
            target.url,
            body,
            target.headers,
            (loaded) => {
              inFlight.set(n, loaded);
              report();
            },
            signal,
          );
          inFlight.delete(n);
          stored += sizeOf(n);
          etags.set(n, etag);
          report();
          return;
        } catch (err) {
          inFlight.delete(n);
          if (signal.aborted || isAbort(err)) throw err;
          if (!isTransient(err) || attempt >= this.options.retryDelaysMs.length) throw new PartFailed();
          // An expired signature (403) gets a fresh URL; the wait grows with each attempt.
          if (err instanceof PartTransferError && err.status === 403) urls.delete(n);
          await sleep(this.options.retryDelaysMs[attempt], signal);
        }
      }
    };
    const pending = [...missing];
    let failed: unknown;
    const worker = async () => {
      while (pending.length && failed === undefined) {
        const n = pending.shift()!;
        try {
          await sendOne(n);
        } catch (err) {
          failed ??= err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.partsInFlight, pending.length) }, worker));
    if (failed !== undefined) throw failed;
  }
}

/** The page's queue. */
export const uploadQueue = new UploadQueue();
