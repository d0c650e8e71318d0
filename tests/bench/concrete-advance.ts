/**
 * `npm run bench -- concrete-advance [--walls 20000] [--placements 5000] [--runs 5]`
 *
 * advanceBim's colouring (client/src/modules/concrete/advance): a generated IFC of `--walls` elements
 * (tests/e2e/support/ifc-fragments.ts wallsIfc, turned into fragments in Node) in the BIM viewer of the e2e's harness
 * page (tests/e2e/bim-viewer.page.tsx `&advance=<n>`), in headless Chromium with a software WebGL (SwiftShader). Once
 * the model is loaded the page is handed `--placements` placements over its elements (two each, in every state but
 * unpoured, the rest unpoured) and colours it as advanceBim does (advanceColorMap, then the viewer's styles): the
 * clock runs from that data to the second animation frame after the viewer reports the colours painted. Printed
 * beside its floor measured in the same run, the model's own time to first frame (fetch, parse, fit, draw). A run is
 * a fresh page; the first warms the server's file cache and is not counted.
 */
import fs from 'node:fs';
import { scratchDir } from '../e2e/files-support.ts';
import { launchWebGl, prepareHarness, serveHarness } from '../e2e/bim-viewer-support.ts';
import { parseIntOptions, printTable, summarize, fmtMs } from '../load/stats.ts';

export async function run(args: string[]) {
  const { walls, placements, runs } = parseIntOptions(args, { walls: 20_000, placements: 5_000, runs: 5 });
  const workDir = scratchDir('bench-concrete-advance');
  const built = performance.now();
  const harness = await prepareHarness(workDir, { walls });
  console.log(`harness built and ${walls} walls converted in ${((performance.now() - built) / 1000).toFixed(0)} s`);
  const server = await serveHarness(workDir, harness.dist);
  const browser = await launchWebGl();
  try {
    const load: number[] = [];
    const colouring: number[] = [];
    let elements = 0;
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`/?m=${harness.walls!}&strict=0&advance=${placements}`, { timeout: 300_000 });
      await page.waitForFunction(() => window.bim.colouredMs !== undefined || window.bim.errors.length > 0, null, {
        timeout: 300_000,
        polling: 50,
      });
      const state = await page.evaluate(() => window.bim);
      if (state.errors.length) throw new Error(state.errors.join('; '));
      elements = state.loaded!.elementCount;
      if (i > 0) {
        load.push(state.firstFrameMs!);
        colouring.push(state.colouredMs!);
      }
      await context.close();
    }
    const rows = [['measure', 'p50 ms', 'min ms', 'max ms']];
    for (const [name, times] of [
      [`colouring: ${placements} placements' data → coloured frame`, colouring],
      ['floor: the model to its first frame (uncoloured)', load],
    ] as const) {
      const s = summarize(times);
      rows.push([name, fmtMs(s.p50), fmtMs(Math.min(...times)), fmtMs(s.max)]);
    }
    console.log(`advanceBim colouring, ${elements} elements, ${runs} runs (Chromium headless, SwiftShader, 1280×900)`);
    printTable(rows);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
