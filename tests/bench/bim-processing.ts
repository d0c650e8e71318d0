/**
 * `npm run bench -- bim-processing [--small 5000] [--large 20000] [--storeys 10]`
 *
 * BIM processing (server/src/modules/quality/models/processing/) of generated IFC buildings (models/ifc-generator.ts)
 * of `small` and `large` walls: each converted in its worker thread exactly as the queue does (runConversion: the
 * properties index with web-ifc, then That Open's IfcImporter to fragments). Prints the wall time, elements per
 * second, the worker's peak RSS (the process's, sampled in the thread) and peak V8 heap, and the fragments' size
 * beside the IFC's. The database's share (bim_elements inserts) is not in it: models.test.ts covers that path. Asserts
 * nothing about time (docs/architecture.md §7).
 */
import { generateIfcBuilding } from '../../server/src/lib/ifc-generator.ts';
import { runConversion } from '../../server/src/modules/quality/models/processing/run-worker.ts';
import { fmtMb, parseIntOptions, printTable } from '../load/stats.ts';

const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function run(args: string[]): Promise<void> {
  const opts = parseIntOptions(args, { small: 5000, large: 20000, storeys: 10 });
  const rows = [['walls', 'elements', 'IFC', 'fragments', 'ratio', 'seconds', 'elements/s', 'peak RSS', 'peak heap']];
  for (const walls of [opts.small, opts.large]) {
    const ifc = Buffer.from(generateIfcBuilding({ walls, storeys: opts.storeys, seed: `bench-${walls}` }));
    const ifcBytes = ifc.byteLength;
    const started = performance.now();
    const outcome = await runConversion(new Uint8Array(ifc)).done;
    const seconds = (performance.now() - started) / 1000;
    if (!outcome.ok) throw new Error(`conversion of ${walls} walls failed: ${outcome.message}`);
    rows.push([
      String(walls),
      String(outcome.elements.length),
      fmtKb(ifcBytes),
      fmtKb(outcome.fragments.byteLength),
      `${((outcome.fragments.byteLength / ifcBytes) * 100).toFixed(1)} %`,
      seconds.toFixed(1),
      (outcome.elements.length / seconds).toFixed(0),
      fmtMb(outcome.stats.peakRss),
      fmtMb(outcome.stats.peakHeap),
    ]);
    console.log(`${walls} walls: ${seconds.toFixed(1)} s`);
  }
  printTable(rows);
}
