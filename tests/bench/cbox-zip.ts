/**
 * `npm run bench -- cbox-zip [--files 8] [--mb 128]` (or `npx tsx tests/bench/cbox-zip.ts`)
 *
 * GET biblioteca/zip of one folder holding `files` × `mb` MiB (1 GiB by default) through the real app on a loopback
 * port, in this process: the zip's throughput beside a plain read of the same bytes from the same disk, and this
 * process's peak resident memory and heap while the zip streams (sampled every 50 ms) beside the baseline before it.
 * The zip is stored (no compression) and written one file at a time with backpressure
 * (server/src/modules/cbox/downloads/zip.ts), so memory should stay flat whatever the size. Prints figures, asserts no
 * times (docs/architecture.md §7).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createTestContext } from '../../server/src/test-support.ts';
import { createLocalStorage } from '../../server/src/storage/local.ts';
import {
  insertLibraryFile,
  libraryPath,
  makeFolder,
  userId,
} from '../../server/src/modules/cbox/test/sharingFixtures.ts';
import { MB, scratchDir, writeTestPdf } from '../e2e/files-support.ts';

const mb = (bytes: number) => (bytes / MB).toFixed(1).padStart(8);
const mbps = (bytes: number, ms: number) => (bytes / MB / (ms / 1000)).toFixed(1).padStart(8);

/** Peak RSS and heap of this process while `stop` is not called, sampled every `everyMs`. */
function watchMemory(everyMs = 50) {
  const peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

function option(args: string[], name: string, fallback: number, max: number): number {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be between 1 and ${max}`);
  return value;
}

export async function run(args: string[] = []): Promise<void> {
  const count = option(args, '--files', 8, 1000);
  const sizeMb = option(args, '--mb', 128, 250);
  const bytes = Math.round(sizeMb * MB);
  const dir = scratchDir('bench-cbox-zip');
  const ctx = await createTestContext();
  const server = http.createServer(getRequestListener(ctx.app.fetch));
  try {
    const root = path.join(dir, 'storage');
    ctx.deps.extras.storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
    const admin = await userId(ctx, 'admin');
    const folder = await makeFolder(ctx, { name: 'Obra grande', createdBy: admin });
    const stored: string[] = [];
    for (let n = 1; n <= count; n++) {
      const objectPath = libraryPath(ctx.seed.companyId, 'pdf');
      const file = path.join(root, objectPath);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await writeTestPdf(file, bytes);
      stored.push(file);
      await insertLibraryFile(ctx, {
        name: `plano-${n}.pdf`,
        folderId: folder.id,
        createdBy: admin,
        path: objectPath,
        size: bytes,
      });
    }
    const total = count * bytes;

    // Baseline: read the same bytes from the same disk, as streams (what the zip does).
    let started = performance.now();
    for (const file of stored) await pipeline(fs.createReadStream(file), fs.createWriteStream('/dev/null'));
    const readMs = performance.now() - started;

    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${origin}/api/v2/public/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    global.gc?.();
    const baseline = process.memoryUsage();
    const memory = watchMemory(50);
    started = performance.now();
    let received = 0;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          `${origin}/api/v2/public/api/biblioteca/zip?folder_ids=${folder.id}`,
          { headers: { Cookie: cookie } },
          resolve,
        )
        .on('error', reject);
    });
    if (res.statusCode !== 200) throw new Error(`zip failed: ${res.statusCode}`);
    res.on('data', (chunk: Buffer) => (received += chunk.length));
    await pipeline(res, fs.createWriteStream('/dev/null'));
    const zipMs = performance.now() - started;
    const peak = memory.stop();
    if (received < total) throw new Error(`zip smaller than its files: ${received} < ${total}`);

    console.log(`cbox zip: ${count} files × ${sizeMb} MiB = ${mb(total).trim()} MiB, stored (no compression)`);
    console.log(`                      MiB/s      ms`);
    console.log(`plain read      ${mbps(total, readMs)} ${readMs.toFixed(0).padStart(7)}`);
    console.log(
      `zip over HTTP   ${mbps(received, zipMs)} ${zipMs.toFixed(0).padStart(7)}   (${mb(received).trim()} MiB received)`,
    );
    console.log(`memory (MiB)       baseline    peak during the zip`);
    console.log(`rss             ${mb(baseline.rss)}    ${mb(peak.rss)}`);
    console.log(`heap used       ${mb(baseline.heapUsed)}    ${mb(peak.heapUsed)}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run(process.argv.slice(2));
