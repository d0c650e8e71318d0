/**
 * `npm run bench -- bim-viewer [--walls 5000] [--runs 5]`
 *
 * Time to first frame of the BIM viewer (client/src/widgets/bim-viewer) in headless Chromium with a software
 * WebGL (SwiftShader), for tests/fixtures/minimal-wall.ifc and for a generated IFC of `--walls` walls
 * (tests/e2e/support/ifc-fragments.ts wallsIfc), both turned into fragments in Node. Uses the e2e's harness page
 * (tests/e2e/bim-viewer.page.tsx) built with the client's Vite config and served by the real server. A run is a
 * fresh page (new browser context, so nothing cached): the clock runs from navigation start (the page, the lazy
 * viewer chunk with three.js and That Open, the fragments worker, the model's bytes, parsing, fit) to two animation
 * frames after the viewer reported the model loaded. Prints p50/min/max per model.
 */
import fs from 'node:fs';
import { scratchDir } from '../e2e/files-support.ts';
import { launchWebGl, prepareHarness, serveHarness } from '../e2e/bim-viewer-support.ts';
import { parseIntOptions, printTable, summarize, fmtMs } from '../load/stats.ts';

export async function run(args: string[]) {
  const { walls, runs } = parseIntOptions(args, { walls: 5000, runs: 5 });
  const workDir = scratchDir('bench-bim');
  const built = performance.now();
  const harness = await prepareHarness(workDir, { walls });
  console.log(`harness built and models converted in ${((performance.now() - built) / 1000).toFixed(0)} s`);
  const server = await serveHarness(workDir, harness.dist);
  const browser = await launchWebGl();
  try {
    const rows = [['model', 'elements', 'p50 ms', 'min ms', 'max ms']];
    for (const [name, url] of [
      ['minimal-wall.ifc', harness.fixture],
      [`${walls} walls`, harness.walls!],
    ] as const) {
      const times: number[] = [];
      let elements = 0;
      for (let i = 0; i < runs + 1; i++) {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(`/?m=${url}&strict=0`, { timeout: 180_000 });
        await page.waitForFunction(() => window.bim.firstFrameMs !== undefined || window.bim.errors.length > 0, null, {
          timeout: 180_000,
        });
        const state = await page.evaluate(() => window.bim);
        if (state.errors.length) throw new Error(`${name}: ${state.errors.join('; ')}`);
        elements = state.loaded!.elementCount;
        if (i > 0) times.push(state.firstFrameMs!); // the first run warms the server's file cache
        await context.close();
      }
      const s = summarize(times);
      rows.push([name, String(elements), fmtMs(s.p50), fmtMs(Math.min(...times)), fmtMs(s.max)]);
    }
    console.log(`BIM viewer, time to first frame, ${runs} runs each (Chromium headless, SwiftShader, 1280×900)`);
    printTable(rows);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
