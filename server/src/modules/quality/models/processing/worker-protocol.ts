import type { IndexedElement } from './convert.ts';

/** What the queue hands the worker thread (workerData; the bytes are transferred, not copied). */
export type WorkerInput = { bytes: ArrayBuffer; wasmDir: string };

/** Memory and time of one conversion, measured inside the worker thread. */
export type WorkerStats = { peakRss: number; peakHeap: number; ms: number };

/** What the worker thread posts back (processing/ifc-worker.ts). */
export type WorkerMessage =
  | { type: 'progress'; share: number }
  | { type: 'result'; fragments: ArrayBuffer; elements: IndexedElement[]; stats: WorkerStats }
  | { type: 'failed'; invalid: boolean; message: string };
