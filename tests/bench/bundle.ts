/**
 * `npm run bench -- bundle [--runs 3] [--top 8]` (--top: how many of each first load's scripts to list)
 *
 * Weight of the web client (docs/architecture.md §6): the gzipped size of every chunk in client/dist, the
 * first load of /auth/login and of /home (budget 200 KB of gzipped JavaScript), whether the heavy
 * views (Gantt, BIM, calendar, PDF, charts) stay out of that first load, whether anything is
 * fetched from outside our origin, and the home's largest contentful paint in Chromium with 4×
 * CPU slowdown. Sizes are those of the precompressed copies the server sends (client/build/precompress.ts).
 * The first load is *recorded* in Chromium (every script the page really requests
 * until the network is idle), not derived from the manifest: it counts lazy chunks the first
 * screen pulls in at once. Figures are printed; the exit code is non-zero only on errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ensureClientBuild } from '../../scripts/client-build.ts';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../e2e/support/chromium.ts';
import { REPO, scratchDir, startFilesServer } from '../e2e/files-support.ts';

const FIRST_LOAD_BUDGET_KB = 200;
/** Chunks holding the views docs/architecture.md §6 wants lazy; none of them may be in a first load. */
const LAZY_VIEWS = /gantt|bim|agenda-calendar|calendar-view|pdf|chart|recharts|echarts|ifc|three/i;
/** A chunk's name without its content hash ('login-BIMTCVDU.js' → 'login'): the hash may spell 'BIM'. */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');
const isHeavyView = (file: string) => LAZY_VIEWS.test(chunkName(file));
const API = '/api/v2/public/api';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

type Chunk = { file: string; raw: number; gzip: number; brotli: number };

/** A precompressed copy's size (what the server sends, client/build/precompress.ts), if written. */
const sizeOf = (file: string): number | undefined => (fs.existsSync(file) ? fs.statSync(file).size : undefined);

function distChunks(dist: string): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  for (const f of fs.readdirSync(path.join(dist, 'assets')).sort()) {
    if (!/\.(js|css)$/.test(f)) continue;
    const file = path.join(dist, 'assets', f);
    const bytes = fs.readFileSync(file);
    // A file without a precompressed copy is compressed on the fly at zlib's (and most servers') default.
    chunks.set(`/assets/${f}`, {
      file: f,
      raw: bytes.length,
      gzip: sizeOf(`${file}.gz`) ?? zlib.gzipSync(bytes, { level: 6 }).length,
      brotli: sizeOf(`${file}.br`) ?? zlib.brotliCompressSync(bytes).length,
    });
  }
  return chunks;
}

type Visit = { scripts: string[]; styles: string[]; foreign: string[] };

/** Opens a path in a fresh page and records what it fetches until the network is idle. */
async function recordVisit(context: BrowserContext, origin: string, url: string, ready: string): Promise<Visit> {
  const page = await context.newPage();
  const visit: Visit = { scripts: [], styles: [], foreign: [] };
  page.on('request', (req) => {
    const u = req.url();
    if (u.startsWith('data:') || u.startsWith('blob:')) return;
    const parsed = new URL(u);
    if (parsed.origin !== origin) visit.foreign.push(u);
    else if (req.resourceType() === 'script') visit.scripts.push(parsed.pathname);
    else if (req.resourceType() === 'stylesheet') visit.styles.push(parsed.pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return visit;
}

/** Home LCP in ms with the CPU slowed 4× through CDP (the page's own PerformanceObserver). */
async function homeLcp(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/home', { waitUntil: 'networkidle' });
  await page.getByTestId('project-row').or(page.getByTestId('project-card')).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  // LCP entries stop at the first input; reading the value is not an input.
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await page.close();
  return lcp;
}

function printFirstLoad(label: string, visit: Visit, chunks: Map<string, Chunk>, top: number) {
  const js = [...new Set(visit.scripts)];
  const missing = js.filter((p) => !chunks.has(p));
  const gzip = js.reduce((sum, p) => sum + (chunks.get(p)?.gzip ?? 0), 0);
  const brotli = js.reduce((sum, p) => sum + (chunks.get(p)?.brotli ?? 0), 0);
  const css = [...new Set(visit.styles)].reduce((sum, p) => sum + (chunks.get(p)?.gzip ?? 0), 0);
  const heavy = js.filter(isHeavyView);
  console.log(
    `\nFirst load of ${label}: ${js.length} scripts, ${kb(gzip).trim()} KB gzipped JS` +
      ` (budget ${FIRST_LOAD_BUDGET_KB} KB: ${gzip <= FIRST_LOAD_BUDGET_KB * 1024 ? 'within' : 'OVER'}), ${kb(brotli).trim()} KB with brotli, ${kb(css).trim()} KB gzipped CSS`,
  );
  console.log(
    `  heavy views in it: ${heavy.length ? heavy.join(', ') : 'none (Gantt, BIM, calendar, PDF, charts load lazily)'}`,
  );
  console.log(`  requests outside our origin: ${visit.foreign.length ? visit.foreign.join(', ') : 'none'}`);
  if (missing.length) console.log(`  scripts not in client/dist (served from elsewhere): ${missing.join(', ')}`);
  for (const p of js.sort((a, b) => (chunks.get(b)?.gzip ?? 0) - (chunks.get(a)?.gzip ?? 0)).slice(0, top)) {
    console.log(`    ${kb(chunks.get(p)?.gzip ?? 0)} KB  ${path.basename(p)}`);
  }
}

export async function run(args: string[] = []): Promise<void> {
  const i = args.indexOf('--runs');
  const runs = i >= 0 ? Number(args[i + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) throw new Error('--runs must be an integer from 1 to 10');
  const t = args.indexOf('--top');
  const top = t >= 0 ? Number(args[t + 1]) : 8;
  if (!Number.isInteger(top) || top < 1)
    throw new Error('--top must be a positive integer (scripts listed per first load)');
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium no encontrado: instálelo con ${INSTALL_HINT}`);

  ensureClientBuild(REPO);
  const dist = path.join(REPO, 'client/dist');
  const chunks = distChunks(dist);
  const all = [...chunks.values()].sort((a, b) => b.gzip - a.gzip);
  console.log(
    'Chunks of client/dist (KB; gzip and brotli as served, precompressed at build):\n     raw     gzip   brotli  file',
  );
  for (const c of all) console.log(`${kb(c.raw)} ${kb(c.gzip)} ${kb(c.brotli)}  ${c.file}`);
  const total = all.reduce((s, c) => ({ raw: s.raw + c.raw, gzip: s.gzip + c.gzip, brotli: s.brotli + c.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  console.log(`${kb(total.raw)} ${kb(total.gzip)} ${kb(total.brotli)}  total (${all.length} files)`);
  // First-screen chunks are grouped by need (client/build/first-screen-chunks.ts): the heavy views
  // keep chunks of their own, so these names are what a first load must not contain.
  const views = all.filter((c) => isHeavyView(c.file) && c.file.endsWith('.js')).map((c) => c.file);
  console.log(`Heavy-view chunks in the build: ${views.length ? views.join(', ') : 'none'}`);

  const scratch = scratchDir('bench-bundle');
  const server = await startFilesServer({ dataDir: path.join(scratch, 'data'), clientDir: dist });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    const origin = new URL(server.url).origin;

    // Login: a first visit without a session, empty cache.
    const anonymous = await browser.newContext({ baseURL: server.url, locale: 'es-CL' });
    printFirstLoad(
      '/auth/login',
      await recordVisit(anonymous, origin, '/auth/login', '[data-testid="login-form"]'),
      chunks,
      top,
    );
    await anonymous.close();

    // Home: a signed-in browser opening /home with an empty cache.
    const signedIn = await browser.newContext({ baseURL: server.url, locale: 'es-CL' });
    const res = await signedIn.request.post(`${API}/auth/login`, {
      headers: XHR,
      data: { username: 'admin', password: 'demo1234' },
    });
    if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
    printFirstLoad(
      '/home',
      await recordVisit(signedIn, origin, '/home', '[data-testid="project-row"], [data-testid="project-card"]'),
      chunks,
      top,
    );

    const lcps: number[] = [];
    for (let r = 0; r < runs; r++) lcps.push(await homeLcp(signedIn));
    const sorted = [...lcps].sort((a, b) => a - b);
    console.log(
      `\nHome LCP, Chromium with 4× CPU slowdown, cache disabled (${runs} runs): median ${sorted[Math.floor(runs / 2)].toFixed(0)} ms` +
        ` (runs: ${lcps.map((l) => l.toFixed(0)).join(', ')} ms)`,
    );
    await signedIn.close();
  } finally {
    await browser?.close();
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
