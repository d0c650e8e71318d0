/**
 * What the Gantt benches share (tests/bench/cmanagement-gantt.ts, quality-gantt.ts): a page bundling the real chart component
 * (widgets/gantt/gantt-chart.tsx through a module's adapter) with esbuild, and the timed runs in headless Chromium.
 * A bench's harness source defines `window.renderGantt(payload)`: it starts its clock when handed the rows as the
 * API answers them, renders, and resolves with `painted(t0, extra, selectors)`: two animation frames after the
 * chart's rows and bars (and whatever else the bench names: links, the today line, second bars) are in the DOM.
 * Each run is a fresh page, since dhtmlx Community is one instance per page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../../e2e/support/chromium.ts';
import { REPO, scratchDir } from '../../e2e/files-support.ts';

/** The start of every harness: React, Chakra with the app's theme, i18next in Spanish, and `painted`. */
export const HARNESS_PRELUDE = `
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '${REPO}/client/src/app/theme.ts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '${REPO}/locales/es.json';

void i18n.use(initReactI18next).init({ lng: 'es', resources: { es: { translation: es } } });
const noop = () => {};
const mount = (element) => createRoot(document.getElementById('root')).render(
  <ChakraProvider value={system}>{element}</ChakraProvider>,
);
// Resolves two animation frames after every selector matches (the frame holding them has been painted: the
// second callback runs at the start of the frame after it); rejects naming what never appeared, instead of hanging.
const painted = (t0, extra, selectors = ['.gantt_row', '.gantt_task_line']) => new Promise((resolve, reject) => {
  const missing = () => selectors.filter((s) => !document.querySelector(s));
  const wait = () => {
    if (missing().length) {
      if (performance.now() - t0 > 60000) return reject(new Error('never painted: ' + missing().join(', ')));
      return requestAnimationFrame(wait);
    }
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({
      ms: performance.now() - t0,
      rows: document.querySelectorAll('.gantt_row').length,
      bars: document.querySelectorAll('.gantt_task_line').length,
      links: document.querySelectorAll('.gantt_task_link').length,
      ...extra,
    })));
  };
  wait();
});
`;

/** The client's Vite-only imports: `?inline` stylesheets as text; the others (`#locales/es.json?rest`) are unused here. */
const viteQueriesAsEmpty: Plugin = {
  name: 'vite-queries-as-empty',
  setup(b) {
    // A stylesheet imported `?inline` is its text, as in Vite.
    b.onResolve({ filter: /\.css\?inline$/ }, (a) => ({
      path: path.join(REPO, 'node_modules', a.path.replace(/\?inline$/, '')),
      namespace: 'css-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'css-text' }, (a) => ({
      contents: fs.readFileSync(a.path, 'utf8'),
      loader: 'text',
    }));
    b.onResolve({ filter: /\?/ }, (a) => ({ path: a.path, namespace: 'vite-query' }));
    b.onLoad({ filter: /.*/, namespace: 'vite-query' }, () => ({ contents: 'export default {}', loader: 'js' }));
  },
};

async function buildHarness(dir: string, source: string) {
  const entry = path.join(dir, 'harness.tsx');
  fs.writeFileSync(entry, HARNESS_PRELUDE + source);
  await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    outfile: path.join(dir, 'harness.js'),
    absWorkingDir: REPO,
    nodePaths: [path.join(REPO, 'node_modules')],
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env': '{"PROD":true,"DEV":false,"MODE":"production"}',
    },
    loader: { '.json': 'json' },
    plugins: [viteQueriesAsEmpty],
    logLevel: 'error',
  });
  const css = fs.existsSync(path.join(dir, 'harness.css')) ? '<link rel="stylesheet" href="harness.css">' : '';
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="utf-8">${css}</head>` +
      `<body style="margin:0"><div id="root" style="width:1280px"></div><script src="harness.js"></script></body></html>`,
  );
}

export const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export type GanttRun = { ms: number; rows: number; bars: number; links: number; heapMb: number } & Record<
  string,
  number
>;

/** Builds the harness, then `runs` fresh pages each handed `payload`; logs page errors and requests leaving the page. */
export async function timeGanttRenders(opts: {
  name: string;
  source: string;
  payload: unknown;
  runs: number;
}): Promise<GanttRun[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found: ${INSTALL_HINT}`);
  const dir = scratchDir(opts.name);
  await buildHarness(dir, opts.source);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });
  const results: GanttRun[] = [];
  try {
    for (let i = 0; i < opts.runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const foreign: string[] = [];
      page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
      page.on('crash', () => console.log('  page crashed'));
      page.on('request', (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && foreign.push(r.url()));
      await page.goto(`file://${path.join(dir, 'index.html')}`);
      await page.waitForFunction(() => 'renderGantt' in window);
      // The payload crosses into the page first: Playwright's copy of 10,000 rows and what it does after the call in
      // the task that carries them (over 100 ms here) are the harness's transport, not the chart's, and would delay
      // the chart's render inside the clock. In the app the rows arrive in a fetch's own task.
      type Harness = { benchPayload?: unknown; renderGantt: (s: unknown) => Promise<unknown> };
      await page.evaluate((s) => {
        (window as unknown as Harness).benchPayload = s;
      }, opts.payload);
      const r = (await page.evaluate(() => {
        const w = window as unknown as Harness;
        const payload = w.benchPayload;
        delete w.benchPayload;
        return w.renderGantt(payload);
      })) as Omit<GanttRun, 'heapMb'>;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      results.push({ ...r, heapMb: usedSize / 1024 / 1024 } as GanttRun);
      if (foreign.length) console.log(`  fetched from outside: ${[...new Set(foreign)].join(', ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Each run, then p50/min/max of the first render and the heap. `detail` adds a run's own figures to its line. */
export function printGanttRuns(title: string, results: GanttRun[], detail: (r: GanttRun) => string = () => '') {
  const ms = results.map((r) => r.ms);
  console.log(title);
  for (const [i, r] of results.entries())
    console.log(
      `  run ${i + 1}: ${r.ms.toFixed(0)} ms${detail(r)}, ${r.rows} rows / ${r.bars} bars / ${r.links} links painted, heap ${r.heapMb.toFixed(1)} MB`,
    );
  console.log(
    `  first render p50 ${p50(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})`,
  );
  console.log(`  JS heap after render p50 ${p50(results.map((r) => r.heapMb)).toFixed(1)} MB`);
}
