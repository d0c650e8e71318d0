/**
 * `npm run bench -- files [--mb 200]` (or `npx tsx tests/bench/files.ts`)
 *
 * Upload and download throughput through the API, beside a plain copy of the same bytes on the
 * same disk, in the same run (docs/architecture.md §7). The upload is what a browser does: POST files/upload-url
 * then PUT the bytes to the signed URL (the server streams them to a temp file, sniffs, renames).
 * The download is GET api/v2/public/files/<path> streamed to a file. Also prints the server's peak
 * resident memory during the transfers, which should stay far below the file size.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { MB, cpuMs, login, scratchDir, startFilesServer, watchRss, writeTestPdf } from '../e2e/files-support.ts';

const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const fmt = (n: number) => n.toFixed(1).padStart(8);

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function run(args: string[] = []): Promise<void> {
  const i = args.indexOf('--mb');
  const sizeMb = i >= 0 ? Number(args[i + 1]) : 200;
  if (!Number.isFinite(sizeMb) || sizeMb <= 0 || sizeMb > 500)
    throw new Error('--mb must be between 1 and 500 (the uploader limit is 512 MiB)');
  const bytes = Math.round(sizeMb * MB);
  const dir = scratchDir('bench-files');
  const server = await startFilesServer({ dataDir: path.join(dir, 'data') });
  try {
    const source = path.join(dir, 'source.pdf');
    await writeTestPdf(source, bytes);

    // Baseline: read and write the same bytes on the same disk, as streams (what the server does).
    const copyMs = await timed(() =>
      pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dir, 'copy.pdf'))),
    );

    const cookie = await login(server.url);
    const signed = (await fetch(`${server.url}/api/v2/public/api/files/upload-url`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ extension: 'pdf', name: 'bench.pdf', size: bytes }),
    }).then((r) => r.json())) as { data: { url: string; path: string; contentType: string } };

    const rss = watchRss(server.pid);
    // node:http on the client side, so the figures are the server's and not fetch's overhead.
    const cpuBefore = cpuMs(server.pid);
    const uploadMs = await timed(async () => {
      const req = http.request(signed.data.url, {
        method: 'PUT',
        headers: { 'Content-Type': signed.data.contentType, 'Content-Length': String(bytes) },
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        req.on('response', resolve);
        req.on('error', reject);
      });
      await pipeline(fs.createReadStream(source, { highWaterMark: 256 * 1024 }), req);
      const res = await answered;
      res.resume();
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode}`);
    });
    const uploadCpu = cpuMs(server.pid) - cpuBefore;
    const downloadMs = await timed(async () => {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${server.url}/api/v2/public/files/${signed.data.path}`, { headers: { Cookie: cookie } }, resolve)
          .on('error', reject);
      });
      if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode}`);
      await pipeline(res, fs.createWriteStream(path.join(dir, 'download.pdf')));
    });
    const downloadCpu = cpuMs(server.pid) - cpuBefore - uploadCpu;
    const memory = rss.stop();
    if (fs.statSync(path.join(dir, 'download.pdf')).size !== bytes) throw new Error('downloaded size differs');

    const copy = mbps(bytes, copyMs);
    console.log(`\nFiles throughput, ${sizeMb} MB, same disk, same run\n`);
    // Server CPU time shows what the API itself costs; on a busy machine wall time mostly waits.
    console.log('                           MB/s   vs copy   server CPU ms   MB per CPU-second');
    console.log(`  plain stream copy    ${fmt(copy)}     1.00`);
    for (const [label, ms, cpu] of [
      ['upload (PUT, API)  ', uploadMs, uploadCpu],
      ['download (GET, API)', downloadMs, downloadCpu],
    ] as const) {
      console.log(
        `  ${label}  ${fmt(mbps(bytes, ms))}  ${(mbps(bytes, ms) / copy).toFixed(2).padStart(7)}  ${String(cpu).padStart(14)}  ${fmt(cpu > 0 ? mbps(bytes, cpu) : Infinity)}`,
      );
    }
    console.log(
      `\n  server RSS: ${memory.first.toFixed(0)} MB before, ${memory.peak.toFixed(0)} MB peak during transfers (+${(memory.peak - memory.first).toFixed(0)} MB for a ${sizeMb} MB file)\n`,
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
