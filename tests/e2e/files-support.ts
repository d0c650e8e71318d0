/**
 * Shared by the files end-to-end test and the files benchmark: a real server in its own process
 * (so its memory can be watched), large test files written in chunks, and a signed-in cookie.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MB = 1024 * 1024;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A scratch directory under .tmp/ (same disk as the repository, ignored by git). */
export function scratchDir(prefix: string): string {
  const base = path.join(REPO, '.tmp');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `${prefix}-`));
}

export type FilesServer = { url: string; pid: number; stop(): Promise<void>; output(): string };

/**
 * Starts tests/e2e/files-server.ts (the app as `npm start` builds it, optionally serving another
 * client directory) with DATA_DIR in `dataDir`. The child is the server itself, not a wrapper, so
 * /proc/<pid> is the server's memory.
 */
export async function startFilesServer(opts: {
  dataDir: string;
  clientDir?: string;
  /** Another entry point: 'runtime/main.ts' is the whole app of `npm start`, live updates included. */
  entry?: string;
}): Promise<FilesServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MQTT_PORT: String(await freePort()),
    ...(opts.clientDir ? { CLIENT_DIR: opts.clientDir } : {}),
  };
  for (const key of [
    'DATABASE_URL',
    'MQTT_URL',
    'REDIS_URL',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY',
    'S3_SECRET_KEY',
  ])
    delete env[key];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO, opts.entry ?? 'tests/e2e/files-server.ts')],
    { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; 100 ticks a second). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the samples. */
export function watchRss(pid: number, everyMs = 100) {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      /* exited */
    }
  }, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      return { peak: Math.max(...samples), first: samples[0] };
    },
  };
}

/** Writes a PDF-looking file of `bytes` bytes in 1 MB chunks; returns its SHA-256. */
export async function writeTestPdf(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  const out = fs.createWriteStream(file);
  const header = Buffer.from('%PDF-1.7\n');
  const block = randomBytes(MB);
  let written = 0;
  while (written < bytes) {
    const chunk =
      written === 0
        ? Buffer.concat([header, block.subarray(0, Math.min(MB, bytes) - header.length)])
        : block.subarray(0, Math.min(MB, bytes - written));
    hash.update(chunk);
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}

/** Signs in through the API; the session cookie header value. */
export async function login(url: string, username = 'admin', password = 'demo1234'): Promise<string> {
  const res = await fetch(`${url}/api/v2/public/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0];
}

/** Streams a stored file through GET api/v2/public/files/<path>; its size and SHA-256. */
export async function hashDownload(
  url: string,
  cookie: string,
  filePath: string,
): Promise<{ size: number; sha256: string }> {
  const res = await fetch(`${url}/api/v2/public/files/${filePath}`, { headers: { Cookie: cookie } });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
