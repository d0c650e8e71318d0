/**
 * `npm run bench -- files [--mb 64] [--rounds 5]` (or `npx tsx tests/bench/files.ts`)
 *
 * Upload and download throughput through the API, beside a plain copy of the same bytes on the
 * same disk, in the same run (docs/architecture.md §7). The upload is what a browser does: POST files/upload-url
 * then PUT the bytes to the signed URL (the server streams them to a temp file, sniffs the first
 * bytes on the way, renames). The download is GET api/v2/public/files/<path> streamed to a file.
 *
 * Built to mean something on a shared machine: the three targets alternate (copy, upload, download,
 * copy, upload, …) for `--rounds` rounds after an untimed warm-up, so a burst of load elsewhere hits
 * them alike; each is reported by its median and best MB/s, its median ratio to the copy of the same
 * round (slow drifts of load cancel out), and by CPU ms per MB, which waits on nobody and is the
 * steadier figure (the copy's is this process's, the API's the server's: it runs in its own process
 * so its memory can be watched; /proc ticks of 10 ms). Each side writes its file with 1 MB writes,
 * as the server does and as a browser saves a download. Every timed transfer reads
 * a file of the same size that was written just before it (the copy and the upload a fresh source,
 * the download what the upload stored), so the page cache favours none. The goal line compares the
 * medians with 0.80 × the copy. Also prints the server's peak resident memory during the transfers,
 * which should stay far below the file size.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { MB, cpuMs, login, scratchDir, startFilesServer, watchRss, writeTestPdf } from '../e2e/files-support.ts';

const GOAL = 0.8;
const WRITE_CHUNK = 1024 * 1024;
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const fmt = (n: number, width = 8, digits = 1) => n.toFixed(digits).padStart(width);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** CPU time of this process so far, in ms (µs resolution). */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Sample = { ms: number; cpu: number };

/** Wall time and CPU time (of `cpu`'s process) of one transfer. */
async function measure(cpu: () => number, fn: () => Promise<void>): Promise<Sample> {
  const cpuBefore = cpu();
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  return { ms, cpu: cpu() - cpuBefore };
}

function numberArg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

export async function run(args: string[] = []): Promise<void> {
  const sizeMb = numberArg(args, '--mb', 64);
  const rounds = numberArg(args, '--rounds', 5);
  if (!Number.isFinite(sizeMb) || sizeMb <= 0 || sizeMb > 500)
    throw new Error('--mb must be between 1 and 500 (the uploader limit is 512 MiB)');
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error('--rounds must be between 1 and 50');
  const bytes = Math.round(sizeMb * MB);
  const dir = scratchDir('bench-files');
  const server = await startFilesServer({ dataDir: path.join(dir, 'data') });
  const serverCpu = () => cpuMs(server.pid);
  try {
    const cookie = await login(server.url);
    const source = path.join(dir, 'source.pdf');
    const target = path.join(dir, 'target.pdf');

    // Every side writes its file as a download is saved, with large writes (the server's own IO_CHUNK).
    const writeTo = (file: string) => fs.createWriteStream(file, { highWaterMark: WRITE_CHUNK });
    const copy = () => pipeline(fs.createReadStream(source), writeTo(target));

    const signUpload = async (size: number) =>
      (
        (await fetch(`${server.url}/api/v2/public/api/files/upload-url`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: JSON.stringify({ extension: 'pdf', name: 'bench.pdf', size }),
        }).then((r) => r.json())) as { data: { url: string; path: string; contentType: string } }
      ).data;

    // node:http on the client side, so the figures are the server's and not fetch's overhead.
    const upload = async (signed: { url: string; contentType: string }, size: number) => {
      const req = http.request(signed.url, {
        method: 'PUT',
        headers: { 'Content-Type': signed.contentType, 'Content-Length': String(size) },
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        req.on('response', resolve);
        req.on('error', reject);
      });
      await pipeline(fs.createReadStream(source, { highWaterMark: 256 * 1024 }), req);
      const res = await answered;
      res.resume();
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode}`);
    };

    const download = async (storedPath: string, size: number) => {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${server.url}/api/v2/public/files/${storedPath}`, { headers: { Cookie: cookie } }, resolve)
          .on('error', reject);
      });
      if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode}`);
      await pipeline(res, writeTo(target));
      if (fs.statSync(target).size !== size) throw new Error('downloaded size differs');
    };

    // Warm-up, untimed: the server's first upload and download compile their paths.
    {
      const size = Math.min(bytes, 4 * MB);
      await writeTestPdf(source, size);
      const signed = await signUpload(size);
      await upload(signed, size);
      await download(signed.path, size);
      await copy();
    }

    const samples = { copy: [] as Sample[], upload: [] as Sample[], download: [] as Sample[] };
    const rss = watchRss(server.pid);
    for (let round = 0; round < rounds; round++) {
      // Each timed transfer reads a file of `bytes` written just before it.
      await writeTestPdf(source, bytes);
      samples.copy.push(await measure(ownCpuMs, copy));
      fs.rmSync(target);

      await writeTestPdf(source, bytes);
      const signed = await signUpload(bytes);
      samples.upload.push(await measure(serverCpu, () => upload(signed, bytes)));
      fs.rmSync(source);

      samples.download.push(await measure(serverCpu, () => download(signed.path, bytes)));
      fs.rmSync(target);
    }
    const memory = rss.stop();

    const stats = (xs: Sample[]) => ({
      median: median(xs.map((s) => mbps(bytes, s.ms))),
      best: Math.max(...xs.map((s) => mbps(bytes, s.ms))),
      cpuPerMb: median(xs.map((s) => s.cpu / (bytes / MB))),
      all: xs.map((s) => mbps(bytes, s.ms).toFixed(0)).join(' '),
    });
    const base = stats(samples.copy);
    // Each round's app/copy ratio, taken a few seconds apart: slower drifts of the machine's load cancel out.
    const paired = (xs: Sample[]) => median(xs.map((s, i) => samples.copy[i].ms / s.ms));
    const rows = [
      ['plain stream copy  ', base, 1],
      ['upload (PUT, API)  ', stats(samples.upload), paired(samples.upload)],
      ['download (GET, API)', stats(samples.download), paired(samples.download)],
    ] as const;

    console.log(`\nFiles throughput, ${sizeMb} MB × ${rounds} alternating rounds, same disk, same run\n`);
    console.log(
      '                        median MB/s   best MB/s   vs copy (median)   per round   CPU ms/MB (median)   each round MB/s',
    );
    for (const [label, s, pair] of rows)
      console.log(
        `  ${label}  ${fmt(s.median, 9)}  ${fmt(s.best, 10)}  ${fmt(s.median / base.median, 17, 2)}  ${fmt(pair, 10, 2)}  ${fmt(s.cpuPerMb, 19, 2)}   ${s.all}`,
      );
    console.log(
      `\n  vs copy: median over median; per round: median of each round's ratio to the copy just before it.` +
        `\n  CPU: the copy's is this process's; upload's and download's the server's (the client's side not counted).`,
    );
    const verdict = (label: string, ratio: number) =>
      `${label} ${ratio.toFixed(2)}× ${ratio >= GOAL ? 'met' : 'NOT met'}`;
    console.log(
      `  goal ≥ ${GOAL.toFixed(2)}× copy on median: ${verdict('upload', rows[1][1].median / base.median)}, ${verdict('download', rows[2][1].median / base.median)}`,
    );
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
