import { and, asc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps, BackgroundWorker } from '../../../../http/context.ts';
import { bimElements, bimModelFiles, bimModels, files } from '../../../../db/schema/index.ts';
import { createRunLoop } from '../../../../events/run-loop.ts';
import { storageOf } from '../../../../storage/index.ts';
import { newStoragePath } from '../../../files/service.ts';
import { recordBimFileProgress } from '../../shared/events.ts';
import type { IndexedElement } from './convert.ts';
import { runConversion, type ConversionOutcome, type RunningConversion } from './run-worker.ts';

/** How the queue runs (tests and the bench may shorten them). */
export const BIM_QUEUE_TUNING = {
  /** A file left 'procesando' this long without a heartbeat was being processed by a process that died. */
  leaseMs: 60_000,
  heartbeatMs: 15_000,
  /** A conversion running longer than this fails (quality.errors.processing_failed). */
  timeoutMs: 30 * 60_000,
  /** Progress is written (and sent live) in steps of this share. */
  progressStep: 0.05,
  /** Rows of bim_elements per insert. */
  insertChunk: 500,
};

/** Locale keys of a failed file (locales quality.errors.*). */
export const BIM_ERRORS = {
  invalid: 'quality.errors.ifc_invalid',
  failed: 'quality.errors.processing_failed',
  missing: 'quality.errors.ifc_missing',
} as const;

type Claimed = {
  file: typeof bimModelFiles.$inferSelect;
  companyId: number;
  projectId: number;
  path: string;
  size: number;
};

/**
 * Takes the next file to process: queued ones in order, or one whose processing stopped with its process (no
 * heartbeat for leaseMs). FOR UPDATE SKIP LOCKED, so several processes share the queue. A file without its size has
 * no bytes yet (the demo seed's, until models/demo-model.ts writes them) and waits.
 */
async function claimNext(deps: AppDeps): Promise<Claimed | undefined> {
  const leaseMs = BIM_QUEUE_TUNING.leaseMs;
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        file: bimModelFiles,
        projectId: bimModels.projectId,
        path: files.path,
        size: files.size,
      })
      .from(bimModelFiles)
      .innerJoin(bimModels, eq(bimModels.id, bimModelFiles.modelId))
      .innerJoin(files, eq(files.id, bimModelFiles.fileId))
      .where(
        and(
          isNotNull(files.size),
          or(
            eq(bimModelFiles.state, 'en_cola'),
            and(
              eq(bimModelFiles.state, 'procesando'),
              lt(bimModelFiles.updatedAt, sql`now() - ${leaseMs} * interval '1 millisecond'`),
            ),
          ),
        ),
      )
      .orderBy(asc(bimModelFiles.updatedAt), asc(bimModelFiles.id))
      .limit(1)
      .for('update', { of: bimModelFiles, skipLocked: true });
    if (!row) return undefined;
    const [file] = await tx
      .update(bimModelFiles)
      .set({ state: 'procesando', progress: 0, error: null, startedAt: new Date(), updatedAt: new Date() })
      .where(eq(bimModelFiles.id, row.file.id))
      .returning();
    await recordBimFileProgress(
      tx,
      { companyId: file.companyId, projectId: row.projectId },
      { model_id: file.modelId, file_id: file.id, state: 'procesando', progress: 0, error: null },
    );
    return {
      file,
      companyId: file.companyId,
      projectId: row.projectId,
      path: row.path,
      size: row.size ?? 0,
    };
  });
}

/** The IFC's bytes, or undefined when storage has lost them. */
async function ifcBytes(deps: AppDeps, claimed: Claimed): Promise<Uint8Array | undefined> {
  const storage = storageOf(deps);
  if (!(await storage.stat(claimed.path))) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(claimed.path)) chunks.push(Buffer.from(chunk as Buffer));
  const whole = Buffer.concat(chunks);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

/** Where a file's fragments are kept: a new object of the company's storage for each attempt (domain/files.ts STORAGE_PATH). */
export const fragmentsPathOf = (companyId: number) => newStoragePath(companyId, 'frag');

const chunked = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** The row of this attempt, still processing: any write of a run is conditional on it (a late run is ignored). */
const thisAttempt = (c: Claimed) =>
  and(
    eq(bimModelFiles.id, c.file.id),
    eq(bimModelFiles.attempt, c.file.attempt),
    eq(bimModelFiles.state, 'procesando'),
  );

export type BimQueue = BackgroundWorker & {
  /** Resolves once nothing is queued or processing (tests wait on it: bimQueueOf(deps).whenIdle()). */
  whenIdle(): Promise<void>;
  /** Stats of the last conversion (the bench reads them). */
  readonly lastStats: ConversionStats | undefined;
};
export type ConversionStats = { fileId: number; elements: number; fragmentsBytes: number; ifcBytes: number } & Extract<
  ConversionOutcome,
  { ok: true }
>['stats'];

const queues = new WeakMap<AppDeps, BimQueue>();

/** The running queue of this app (undefined when the event flow does not run, as in most test contexts). */
export const bimQueueOf = (deps: AppDeps): BimQueue | undefined => queues.get(deps);
/** New work was queued (a file attached or reprocessed): the queue looks now rather than at its next poll. */
export const wakeBimQueue = (deps: AppDeps) => queues.get(deps)?.wake();

/**
 * The BIM processing queue (docs/architecture.md §5, registered by registerQuality as a background worker): one
 * file at a time, converted in a worker thread (processing/run-worker.ts) off the request path; its state and
 * progress written as it goes and sent live ('bim.file.progress' on the project's topic); at the end the fragments
 * beside the IFC in storage and the properties index in bim_elements, or the failure's locale key. Queued rows
 * are found again at boot, so a restart loses nothing.
 */
export function createBimQueue(deps: AppDeps, opts: { pollMs?: number } = {}): BimQueue {
  const log = deps.log.child({ component: 'bim' });
  let current: RunningConversion | undefined;
  let stopping = false;
  let lastStats: ConversionStats | undefined;

  async function fail(c: Claimed, key: string) {
    await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(bimModelFiles)
        .set({ state: 'error', error: key, progress: 0, finishedAt: new Date(), updatedAt: new Date() })
        .where(thisAttempt(c))
        .returning({ id: bimModelFiles.id });
      if (row)
        await recordBimFileProgress(tx, c, {
          model_id: c.file.modelId,
          file_id: c.file.id,
          state: 'error',
          progress: 0,
          error: key,
        });
    });
    deps.wakeOutbox?.();
  }

  /** Progress of this attempt, or false when the row moved on (reprocessed, deleted): the run is then dropped. */
  async function writeProgress(c: Claimed, progress: number): Promise<boolean> {
    return deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(bimModelFiles)
        .set({ progress, updatedAt: new Date() })
        .where(thisAttempt(c))
        .returning({ id: bimModelFiles.id });
      if (!row) return false;
      await recordBimFileProgress(tx, c, {
        model_id: c.file.modelId,
        file_id: c.file.id,
        state: 'procesando',
        progress,
        error: null,
      });
      deps.wakeOutbox?.();
      return true;
    });
  }

  async function finish(c: Claimed, outcome: Extract<ConversionOutcome, { ok: true }>, startedAt: number) {
    const storage = storageOf(deps);
    const path = fragmentsPathOf(c.companyId);
    await storage.writeSmall(path, Buffer.from(outcome.fragments), 'application/octet-stream');
    const previous = c.file.fragmentsPath;
    const kept = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: bimModelFiles.id }).from(bimModelFiles).where(thisAttempt(c)).for('update');
      if (!row) return false;
      await tx.delete(bimElements).where(eq(bimElements.modelFileId, c.file.id));
      // One row per GlobalId of the file (a malformed IFC may repeat one).
      const unique = [...new Map(outcome.elements.map((e) => [e.globalId, e] as const)).values()];
      for (const part of chunked(unique, BIM_QUEUE_TUNING.insertChunk))
        await tx.insert(bimElements).values(
          part.map((e: IndexedElement) => ({
            companyId: c.companyId,
            modelId: c.file.modelId,
            modelFileId: c.file.id,
            expressId: e.expressId,
            globalId: e.globalId,
            ifcClass: e.ifcClass,
            name: e.name,
            storey: e.storey,
            properties: e.properties,
          })),
        );
      await tx
        .update(bimModelFiles)
        .set({
          state: 'listo',
          progress: 1,
          error: null,
          fragmentsPath: path,
          fragmentsBytes: outcome.fragments.byteLength,
          elementCount: unique.length,
          processingMs: Date.now() - startedAt,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(bimModelFiles.id, c.file.id));
      await recordBimFileProgress(tx, c, {
        model_id: c.file.modelId,
        file_id: c.file.id,
        state: 'listo',
        progress: 1,
        error: null,
      });
      return true;
    });
    deps.wakeOutbox?.();
    if (!kept) {
      await storage.remove(path).catch(() => undefined);
      return;
    }
    if (previous && previous !== path) await storage.remove(previous).catch(() => undefined);
    lastStats = {
      ...outcome.stats,
      fileId: c.file.id,
      elements: outcome.elements.length,
      fragmentsBytes: outcome.fragments.byteLength,
      ifcBytes: c.size,
    };
  }

  async function processOne(c: Claimed) {
    const startedAt = Date.now();
    const bytes = await ifcBytes(deps, c).catch((error: unknown) => {
      log.warn('bim: could not read the IFC', { file: c.file.id, error: String(error) });
      return undefined;
    });
    if (!bytes) return fail(c, BIM_ERRORS.missing);
    const step = BIM_QUEUE_TUNING.progressStep;
    let written = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const run = runConversion(bytes, {
      timeoutMs: BIM_QUEUE_TUNING.timeoutMs,
      // The last 5% is the database's: the index and the state are written after the worker ends.
      onProgress: (share) => {
        const progress = Math.floor(Math.min(0.95, share * 0.95) / step) * step;
        if (progress < written + step - 1e-9) return;
        written = progress;
        writing = writing
          .then(() => writeProgress(c, Math.round(progress * 100) / 100))
          .then((still) => {
            if (!still) current?.abort();
          })
          .catch((error: unknown) => log.warn('bim: progress not written', { error: String(error) }));
      },
    });
    current = run;
    const heartbeat = setInterval(() => {
      void deps.database.db
        .update(bimModelFiles)
        .set({ updatedAt: new Date() })
        .where(thisAttempt(c))
        .catch(() => undefined);
    }, BIM_QUEUE_TUNING.heartbeatMs);
    heartbeat.unref();
    let outcome: ConversionOutcome;
    try {
      outcome = await run.done;
      await writing;
    } finally {
      clearInterval(heartbeat);
      current = undefined;
    }
    if (outcome.ok)
      return finish(c, outcome, startedAt).catch(async (error: unknown) => {
        log.error('bim: result not stored', { file: c.file.id, error });
        await fail(c, BIM_ERRORS.failed);
      });
    if (outcome.reason === 'aborted') {
      // Stopping: the file goes back to the queue for the next start. Superseded: the newer attempt is queued.
      if (stopping)
        await deps.database.db
          .update(bimModelFiles)
          .set({ state: 'en_cola', progress: 0, updatedAt: new Date() })
          .where(thisAttempt(c));
      return;
    }
    log.warn('bim: conversion failed', { file: c.file.id, reason: outcome.reason, message: outcome.message });
    return fail(c, outcome.reason === 'invalid' ? BIM_ERRORS.invalid : BIM_ERRORS.failed);
  }

  const loop = createRunLoop({
    step: async () => {
      if (stopping) return false;
      const claimed = await claimNext(deps);
      if (!claimed) return false;
      deps.wakeOutbox?.();
      await processOne(claimed);
      return true;
    },
    pollMs: opts.pollMs ? Math.max(opts.pollMs, 1000) : 10_000,
    backoffMs: (failures) => Math.min(60_000, 1000 * 2 ** failures),
    onError: (error) => log.error('bim queue failed; will retry', { error }),
  });

  const queue: BimQueue = {
    name: 'bim-processing',
    start() {
      stopping = false;
      queues.set(deps, queue);
      loop.start();
    },
    wake: () => loop.wake(),
    idle: () => loop.idle(),
    whenIdle: () => loop.idle(),
    get lastStats() {
      return lastStats;
    },
    async stop() {
      stopping = true;
      current?.abort();
      await loop.stop();
      if (queues.get(deps) === queue) queues.delete(deps);
    },
  };
  return queue;
}
