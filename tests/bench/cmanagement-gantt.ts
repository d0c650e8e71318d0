/**
 * `npm run bench -- cmanagement-gantt [--tasks 10000] [--runs 5]`
 *
 * Time to first render of the Cmanagement Gantt (client/src/modules/cmanagement/schedule/gantt-chart.tsx, the real
 * component with dhtmlx-gantt and its stylesheet) with 10,000 generated tasks in headless Chromium: the schedule is
 * handed to the page as the API would answer it (domain/cmanagement-responses.ts cmScheduleSchema), and the clock runs
 * from that moment (rows → chart data, React render, dhtmlx parse and layout) until the chart's rows and bars are
 * painted (two animation frames after they are in the DOM). Each run is a fresh page, since dhtmlx Community is one
 * instance per page. Prints p50/min/max over the runs and the page's JS heap after the render.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { chromium } from 'playwright-core';
import type { CmSchedule, CmTaskRow } from '#domain/cmanagement-responses';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../e2e/support/chromium.ts';
import { REPO, scratchDir } from '../e2e/files-support.ts';

const argOf = (args: string[], name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/** `count` tasks over tickets of 100 tasks: 25 top tasks of 4 weeks, each with 3 subtasks inside it; a chain of links. */
export function generatedSchedule(count: number): CmSchedule {
  const tasks: CmTaskRow[] = [];
  const links: CmSchedule['links'] = [];
  const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
  for (let id = 1; id <= count; id++) {
    const index = id - 1;
    const ticket = Math.floor(index / 100) + 1;
    const top = index % 4 === 0;
    const parentId = top ? null : id - (index % 4);
    const base = (ticket % 30) * 7 + Math.floor((index % 100) / 4) * 3;
    const start = top ? base : base + (index % 4) * 5;
    tasks.push({
      id,
      ticket: { id: ticket, code: `CM-${ticket}`, title: `Ticket ${ticket}`, project_id: 1 + (ticket % 5) },
      parent_id: parentId,
      name: top ? `Partida ${id}` : `Subtarea ${id}`,
      start_date: day(start),
      end_date: day(start + (top ? 27 : 4)),
      progress: (id * 7) % 101,
      state: id % 3 === 0 ? 'completada' : id % 3 === 1 ? 'en_curso' : 'pendiente',
      assignee: null,
      position: index % 4,
      allowed_events: [],
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    if (top && index % 100 !== 0) links.push({ id: links.length + 1, source_id: id - 4, target_id: id, type: 'fs' });
  }
  return { tasks, links };
}

const HARNESS = `
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '${REPO}/client/src/app/theme.ts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '${REPO}/locales/es.json';
import GanttChart from '${REPO}/client/src/modules/cmanagement/schedule/gantt-chart.tsx';
import { toGanttData } from '${REPO}/client/src/modules/cmanagement/schedule/gantt-data.ts';

void i18n.use(initReactI18next).init({ lng: 'es', resources: { es: { translation: es } } });
const noop = () => {};
window.renderGantt = (schedule) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const data = toGanttData(schedule, { groupByTicket: true });
    const adapted = performance.now() - t0;
    createRoot(document.getElementById('root')).render(
      <ChakraProvider value={system}>
        <GanttChart data={data} zoom="week" readOnly={false} label="Gantt" onMove={() => Promise.resolve()}
          onLink={noop} onLinkDelete={noop} onOpen={noop} onRefused={noop} />
      </ChakraProvider>,
    );
    const painted = () => document.querySelector('.gantt_row') && document.querySelector('.gantt_task_line');
    const wait = () => {
      if (!painted()) return requestAnimationFrame(wait);
      requestAnimationFrame(() => requestAnimationFrame(() => resolve({
        ms: performance.now() - t0,
        adapted,
        rows: document.querySelectorAll('.gantt_row').length,
        bars: document.querySelectorAll('.gantt_task_line').length,
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

async function buildHarness(dir: string) {
  const entry = path.join(dir, 'harness.tsx');
  fs.writeFileSync(entry, HARNESS);
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

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function run(args: string[]) {
  const count = argOf(args, 'tasks', 10_000);
  const runs = argOf(args, 'runs', 5);
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found: ${INSTALL_HINT}`);
  const dir = scratchDir('cm-gantt-bench');
  await buildHarness(dir);
  const schedule = generatedSchedule(count);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });
  const results: { ms: number; adapted: number; rows: number; bars: number; heapMb: number }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const foreign: string[] = [];
      page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
      page.on('crash', () => console.log('  page crashed'));
      page.on('request', (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && foreign.push(r.url()));
      await page.goto(`file://${path.join(dir, 'index.html')}`);
      await page.waitForFunction(() => 'renderGantt' in window);
      const r = (await page.evaluate(
        (s) => (window as unknown as { renderGantt: (s: unknown) => Promise<unknown> }).renderGantt(s),
        schedule,
      )) as { ms: number; adapted: number; rows: number; bars: number };
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      results.push({ ...r, heapMb: usedSize / 1024 / 1024 });
      if (foreign.length) console.log(`  fetched from outside: ${[...new Set(foreign)].join(', ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const ms = results.map((r) => r.ms);
  console.log(
    `Cmanagement Gantt, ${count.toLocaleString('en')} tasks + ${schedule.links.length} links, ${runs} runs (Chromium headless, 1280×900)`,
  );
  for (const [i, r] of results.entries())
    console.log(
      `  run ${i + 1}: ${r.ms.toFixed(0)} ms (adapter ${r.adapted.toFixed(0)} ms), ${r.rows} rows / ${r.bars} bars painted, heap ${r.heapMb.toFixed(1)} MB`,
    );
  console.log(
    `  first render p50 ${p50(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})`,
  );
  console.log(`  JS heap after render p50 ${p50(results.map((r) => r.heapMb)).toFixed(1)} MB`);
}
