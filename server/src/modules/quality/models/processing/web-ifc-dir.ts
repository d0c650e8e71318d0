import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The folder of web-ifc's WebAssembly files, resolved without loading web-ifc: the main thread only
 * passes it to the IFC worker (run-worker.ts), and importing convert.ts there would load web-ifc,
 * three and the fragments library into every server at start (~150 MB; tests/bench/memory.ts).
 */
export function webIfcWasmDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('web-ifc')) + path.sep;
}
