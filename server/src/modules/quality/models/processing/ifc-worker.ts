import { parentPort, workerData } from 'node:worker_threads';
import v8 from 'node:v8';
import { convertIfc, InvalidIfcError } from './convert.ts';
import type { WorkerInput, WorkerMessage } from './worker-protocol.ts';

/**
 * The worker thread of one IFC conversion (started by processing/run-worker.ts, one thread per file, so a wasm
 * failure or a leak dies with it): converts the bytes it was handed and posts progress, then the result or the
 * failure. Memory peaks are sampled for the bench (tests/bench/bim-processing.ts).
 */
const input = workerData as WorkerInput;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  peakHeap = Math.max(peakHeap, v8.getHeapStatistics().used_heap_size);
};
const sampler = setInterval(sample, 100);

try {
  const started = Date.now();
  const { fragments, elements } = await convertIfc(new Uint8Array(input.bytes), {
    wasmDir: input.wasmDir,
    onProgress: (share) => {
      sample();
      post({ type: 'progress', share });
    },
  });
  sample();
  const copy = fragments.slice().buffer as ArrayBuffer;
  post({ type: 'result', fragments: copy, elements, stats: { peakRss, peakHeap, ms: Date.now() - started } }, [copy]);
} catch (error) {
  post({
    type: 'failed',
    invalid: error instanceof InvalidIfcError,
    message: error instanceof Error ? error.message : String(error),
  });
} finally {
  clearInterval(sampler);
}
