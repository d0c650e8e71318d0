import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IndexedElement } from './convert.ts';
import { webIfcWasmDir } from './web-ifc-dir.ts';
import type { WorkerInput, WorkerMessage, WorkerStats } from './worker-protocol.ts';

export type ConversionOutcome =
  | { ok: true; fragments: Uint8Array; elements: IndexedElement[]; stats: WorkerStats }
  | { ok: false; reason: 'invalid' | 'failed' | 'aborted'; message: string };

export type RunningConversion = { done: Promise<ConversionOutcome>; abort: () => void };

// The worker is TypeScript like the rest of the server: a small bootstrap registers tsx's hooks in the new thread,
// then imports it, so it runs the same under `npm start` (tsx), vitest and the benches.
const TSX_API = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const WORKER = new URL('./ifc-worker.ts', import.meta.url).href;
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER)}); });`;

/**
 * Converts one IFC in its own worker thread (processing/ifc-worker.ts). Never rejects: a thread that fails, exits or
 * is aborted resolves with the reason, so nothing a file does can end the process. `bytes` is transferred (it is
 * detached afterwards). `timeoutMs` ends a conversion that runs too long.
 */
export function runConversion(
  bytes: Uint8Array,
  opts: { onProgress?: (share: number) => void; timeoutMs?: number; maxHeapMb?: number } = {},
): RunningConversion {
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (bytes.slice().buffer as ArrayBuffer);
  let worker: Worker | undefined;
  let settle: (outcome: ConversionOutcome) => void = () => undefined;
  const done = new Promise<ConversionOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker?.terminate().catch(() => undefined);
    };
    try {
      const input: WorkerInput = { bytes: buffer, wasmDir: webIfcWasmDir() };
      worker = new Worker(BOOTSTRAP, {
        eval: true,
        workerData: input,
        transferList: [buffer],
        resourceLimits: opts.maxHeapMb ? { maxOldGenerationSizeMb: opts.maxHeapMb } : undefined,
        stdout: false,
        stderr: false,
      });
    } catch (error) {
      settle({ ok: false, reason: 'failed', message: String(error) });
      return;
    }
    if (opts.timeoutMs) {
      timer = setTimeout(() => settle({ ok: false, reason: 'failed', message: 'timeout' }), opts.timeoutMs);
      timer.unref();
    }
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') opts.onProgress?.(message.share);
      else if (message.type === 'result')
        settle({
          ok: true,
          fragments: new Uint8Array(message.fragments),
          elements: message.elements,
          stats: message.stats,
        });
      else settle({ ok: false, reason: message.invalid ? 'invalid' : 'failed', message: message.message });
    });
    worker.on('messageerror', (error) => settle({ ok: false, reason: 'failed', message: String(error) }));
    worker.on('error', (error) => settle({ ok: false, reason: 'failed', message: String(error) }));
    worker.on('exit', (code) => settle({ ok: false, reason: 'failed', message: `worker exited with code ${code}` }));
  });
  return { done, abort: () => settle({ ok: false, reason: 'aborted', message: 'aborted' }) };
}
