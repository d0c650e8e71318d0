/**
 * `npm run bench -- memory [--data-dir <dir>] [--settle 5]`
 *
 * Memory at rest of the embedded default: the one process of `npm start` (runtime/main.ts: API,
 * client, realtime, periodic tasks) on an embedded PGlite, once while it seeds the demo into an
 * empty temporary DATA_DIR and once started afresh on that seeded directory and left idle ("at
 * rest"), beside floors measured on the same directory: a bare `new PGlite(dir)` with nothing else
 * loaded (PGlite's defaults, and with the settings server/src/db/client.ts gives it), and a bare Node process. Each is its own child process (node --expose-gc), so the
 * bench's own memory does not mix in; once idle it is garbage-collected and prints RSS, V8 heap
 * used, external, array buffers and the size of PGlite's WebAssembly memory. With --data-dir the
 * seeding run is skipped and that (seeded) directory is used as it is — a copy, it is not written.
 * Goal: at rest under 400 MB RSS (docs/decisions.md D-288).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GOAL_MB = 400;
const MB = 1024 * 1024;
const MARK = 'MEMORY-BENCH ';
const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '../..');

type Mode = 'app' | 'pglite' | 'pglite-tuned' | 'node';
type Figures = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number | null;
  maxRss: number;
  startMs: number;
};

// ---- in the child ----------------------------------------------------------------------------

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Waits until RSS holds still (within 2 MB for 2 s, after `settle` seconds), collects garbage. */
async function idle(settleSeconds: number) {
  await pause(settleSeconds * 1000);
  let last = process.memoryUsage.rss();
  for (let i = 0; i < 20; i++) {
    gc();
    await pause(2000);
    const now = process.memoryUsage.rss();
    if (Math.abs(now - last) < 2 * MB) break;
    last = now;
  }
  gc();
  gc();
  await pause(500);
}

/** The size of a PGlite's WebAssembly memory (its `mod` is not part of the typed API). */
function wasmBytes(client: unknown): number | null {
  const mod = (client as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod;
  return mod?.HEAPU8?.buffer.byteLength ?? null;
}

async function child(mode: Mode, dataDir: string, settle: number, settings: Record<string, string>) {
  const started = performance.now();
  let wasm: () => number | null = () => null;
  if (mode === 'app') {
    process.env.DATA_DIR = dataDir;
    const { main } = await import('../../runtime/main.ts');
    const { deps } = await main();
    wasm = () => wasmBytes((deps.database.db as unknown as { $client?: unknown }).$client);
  } else if (mode === 'pglite' || mode === 'pglite-tuned') {
    const { PGlite } = await import('@electric-sql/pglite');
    const dir = path.join(dataDir, 'pglite');
    const tuned = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    const client =
      mode === 'pglite' ? new PGlite(dir) : new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...tuned] });
    await client.waitReady;
    await client.query('select 1');
    wasm = () => wasmBytes(client);
  }
  const startMs = performance.now() - started;
  await idle(settle);
  const m = process.memoryUsage();
  const figures: Figures = {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    wasm: wasm(),
    maxRss: process.resourceUsage().maxRSS * 1024,
    startMs,
  };
  process.stdout.write(`\n${MARK}${JSON.stringify(figures)}\n`);
  process.exit(0);
}

// ---- in the bench ----------------------------------------------------------------------------

async function measure(mode: Mode, dataDir: string, settle: number): Promise<Figures> {
  // Imported here, not at the top: the children load this file, and the floors must not load the server's modules.
  const { PGLITE_SETTINGS } = await import('../../server/src/db/client.ts');
  const settings = JSON.stringify(PGLITE_SETTINGS);
  const args = ['--expose-gc', '--import', 'tsx', self, '--child', mode, dataDir, String(settle), settings];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    MQTT_URL: '',
    REDIS_URL: '',
  };
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(MARK));
      if (code !== 0 || !line) return reject(new Error(`${mode} child exited ${code}\n${out}\n${err}`));
      resolve(JSON.parse(line.slice(MARK.length)) as Figures);
    });
  });
}

const mb = (bytes: number | null) => (bytes === null ? '—' : (bytes / MB).toFixed(0)).padStart(8);

function parseOptions(args: string[]) {
  const opts = { dataDir: '', settle: 5 };
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--data-dir' && args[i + 1]) opts.dataDir = path.resolve(args[i + 1]);
    else if (args[i] === '--settle' && Number(args[i + 1]) >= 0) opts.settle = Number(args[i + 1]);
    else throw new Error(`bad option ${args[i]} ${args[i + 1] ?? ''}`);
  }
  return opts;
}

export async function run(args: string[]): Promise<void> {
  const opts = parseOptions(args);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  try {
    const rows: [string, Figures][] = [];
    const dataDir = path.join(tmp, 'data');
    if (opts.dataDir) {
      fs.cpSync(opts.dataDir, dataDir, { recursive: true });
    } else {
      console.log('seeding the demo into an empty DATA_DIR (npm start on a first run)…');
      rows.push(['app, just seeded', await measure('app', dataDir, opts.settle)]);
    }
    console.log('measuring at rest…');
    const atRest = await measure('app', dataDir, opts.settle);
    rows.push(['app at rest', atRest]);
    rows.push(['bare PGlite, same dir', await measure('pglite', dataDir, opts.settle)]);
    rows.push(['  with PGLITE_SETTINGS', await measure('pglite-tuned', dataDir, opts.settle)]);
    rows.push(['bare Node', await measure('node', dataDir, opts.settle)]);

    console.log(
      `\n${'MB'.padEnd(24)} ${'RSS'.padStart(8)} ${'heapUsed'.padStart(8)} ${'external'.padStart(8)} ${'arrBufs'.padStart(8)} ${'wasm'.padStart(8)} ${'peak RSS'.padStart(8)} ${'start s'.padStart(8)}`,
    );
    for (const [label, f] of rows)
      console.log(
        `${label.padEnd(24)} ${mb(f.rss)} ${mb(f.heapUsed)} ${mb(f.external)} ${mb(f.arrayBuffers)} ${mb(f.wasm)} ${mb(f.maxRss)} ${(f.startMs / 1000).toFixed(1).padStart(8)}`,
      );
    const met = atRest.rss < GOAL_MB * MB;
    console.log(
      `\nat rest: ${(atRest.rss / MB).toFixed(0)} MB RSS — goal < ${GOAL_MB} MB RSS ${met ? 'met' : 'NOT met'}` +
        ` (machine load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child' && process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const [mode, dataDir, settle, settings] = process.argv.slice(3);
  await child(mode as Mode, dataDir, Number(settle), JSON.parse(settings) as Record<string, string>);
}
