/**
 * `npm run bench -- cbox-upload [--mb 250] [--parallel 3]` (or `npx tsx tests/bench/cbox-upload.ts`)
 *
 * A library upload through the real HTTP server on local storage, as the explorer's queue does it
 * (docs/api.md, Cbox subidas): POST subidas, POST …/partes for the part URLs, PUT the 8 MiB parts a few at a time to
 * /storage/parts (streamed to disk with their MD5), then POST …/completar (the parts joined by streaming, the head
 * sniffed, the file placed). Beside it, in the same run and on the same disk: fs.copyFile and a read → write stream
 * of the same bytes. Prints MB/s of each, the ratio to the stream copy, and the server's peak resident memory. No
 * time is asserted (docs/architecture.md §7: benchmarks print figures).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxPartUrl, CboxUpload } from '#domain/cbox-responses';
import { MB, cpuMs, login, scratchDir, startFilesServer, watchRss, writeTestPdf } from '../e2e/files-support.ts';

const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const fmt = (n: number) => n.toFixed(1).padStart(8);

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function argOf(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

async function api<T>(url: string, cookie: string, method: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** One part streamed from the file with node:http (the figures are the server's, not fetch's overhead). */
async function putPart(source: string, target: CboxPartUrl, start: number, length: number): Promise<string> {
  const req = http.request(target.url, {
    method: 'PUT',
    headers: { ...target.headers, 'Content-Length': String(length) },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  await pipeline(fs.createReadStream(source, { start, end: start + length - 1, highWaterMark: 256 * 1024 }), req);
  const res = await answered;
  res.resume();
  const etag = res.headers.etag;
  if (res.statusCode !== 200 || !etag) throw new Error(`part failed: ${res.statusCode}`);
  return etag;
}

export async function run(args: string[] = []): Promise<void> {
  const sizeMb = argOf(args, '--mb', 250);
  const parallel = argOf(args, '--parallel', 3);
  if (!Number.isFinite(sizeMb) || sizeMb <= 0 || sizeMb > 250) throw new Error('--mb must be between 1 and 250');
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > 16) throw new Error('--parallel must be 1 to 16');
  // docs/product.md §9: 250 MB (MiB) is the library's limit.
  const bytes = Math.min(Math.round(sizeMb * MB), CBOX_LIMITS.fileMaxBytes);
  const dir = scratchDir('bench-cbox-upload');
  const server = await startFilesServer({ dataDir: path.join(dir, 'data') });
  try {
    const source = path.join(dir, 'source.pdf');
    await writeTestPdf(source, bytes);

    const copyFileMs = await timed(() => fs.promises.copyFile(source, path.join(dir, 'copyfile.pdf')));
    const streamMs = await timed(() =>
      pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dir, 'stream.pdf'))),
    );

    const base = `${server.url}/api/v2/public/api/biblioteca`;
    const cookie = await login(server.url);
    const rss = watchRss(server.pid);
    const cpuBefore = cpuMs(server.pid);
    let partsMs = 0;
    let completeMs = 0;
    let parts = 0;
    const uploadMs = await timed(async () => {
      const upload = await api<CboxUpload>(`${base}/subidas`, cookie, 'POST', {
        name: `bench-${Date.now()}.pdf`,
        size: bytes,
        content_type: 'application/pdf',
        on_conflict: 'keep_both',
      });
      parts = upload.part_count;
      const numbers = Array.from({ length: upload.part_count }, (_, i) => i + 1);
      const urls: CboxPartUrl[] = [];
      for (let i = 0; i < numbers.length; i += 50)
        urls.push(
          ...(await api<CboxPartUrl[]>(`${base}/subidas/${upload.id}/partes`, cookie, 'POST', {
            parts: numbers.slice(i, i + 50),
          })),
        );
      const etags = new Map<number, string>();
      const pending = [...urls];
      partsMs = await timed(async () => {
        await Promise.all(
          Array.from({ length: parallel }, async () => {
            for (let target = pending.shift(); target; target = pending.shift()) {
              const start = (target.number - 1) * upload.part_size;
              const length = Math.min(upload.part_size, bytes - start);
              etags.set(target.number, await putPart(source, target, start, length));
            }
          }),
        );
      });
      completeMs = await timed(async () => {
        await api(`${base}/subidas/${upload.id}/completar`, cookie, 'POST', {
          parts: numbers.map((number) => ({ number, etag: etags.get(number)! })),
        });
      });
    });
    const serverCpu = cpuMs(server.pid) - cpuBefore;
    const memory = rss.stop();

    const stream = mbps(bytes, streamMs);
    const mb = (bytes / MB).toFixed(1);
    console.log(`\nCbox upload, ${mb} MiB in ${parts} parts (${parallel} in parallel), local storage, same disk\n`);
    console.log('                                   MB/s   vs stream copy');
    const line = (label: string, ms: number) =>
      console.log(
        `  ${label.padEnd(30)} ${fmt(mbps(bytes, ms))}  ${(mbps(bytes, ms) / stream).toFixed(2).padStart(8)}`,
      );
    line('fs.copyFile', copyFileMs);
    line('read → write stream', streamMs);
    line('upload, create → complete', uploadMs);
    line('  parts PUT over HTTP', partsMs);
    line('  complete (join + verify)', completeMs);
    console.log(
      `\n  server CPU ${serverCpu} ms; server RSS ${memory.first.toFixed(0)} MB before, ${memory.peak.toFixed(0)} MB peak (+${(memory.peak - memory.first).toFixed(0)} MB for a ${mb} MiB file)\n`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
