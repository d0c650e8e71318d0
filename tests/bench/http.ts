/**
 * `npm run bench -- http [--duration 10] [--connections 10] [--warmup 2] [--rounds 2]`
 *
 * The cost of our HTTP stack on the most frequent authenticated call, GET auth/usuario: the real
 * app (middleware, session cookie, payload) on an in-memory seeded PGlite, against a bare node:http
 * server answering the same JSON bytes (and Hono alone, to tell the framework's share from ours),
 * measured in the same run on the same machine. The load
 * generator (autocannon) runs in its own process so it does not share the servers' event loop.
 * Goals: app/bare ≥ 0.8 in requests per second, and the app's server CPU per request ≤ 2× Hono
 * alone's (CPU per request hardly depends on how busy the rest of the machine is; req/s does). The
 * user share (the stack's own work, without the kernel's loopback send) is printed beside it.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps } from '../../server/src/deps.ts';
import { createApp } from '../../server/src/app.ts';
import { createLogger } from '../../server/src/lib/logger.ts';
import { DEMO_PASSWORD } from '../../server/src/db/seed-data.ts';

type Options = { duration: number; connections: number; warmup: number; rounds: number };
type Figures = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpuUs: number;
  userUs: number;
};

function parseOptions(args: string[]): Options {
  const opts: Options = { duration: 10, connections: 10, warmup: 2, rounds: 2 };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i].replace(/^--/, '') as keyof Options;
    const value = Number(args[i + 1]);
    if (!(key in opts) || !Number.isFinite(value) || value < 0)
      throw new Error(`bad option ${args[i]} ${args[i + 1] ?? ''}`);
    opts[key] = value;
  }
  opts.rounds = Math.max(1, Math.round(opts.rounds));
  return opts;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** One autocannon run in a child process; its JSON result. */
function cannon(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<Record<string, any>> {
  const args = [
    autocannonBin,
    '-j',
    '-n',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}:${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`autocannon failed: ${error.message}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`autocannon output is not JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}

type Target = { label: string; url: string; runs: Record<string, any>[]; cpuMicros: number; userMicros?: number };

/**
 * Runs the targets in alternating rounds (bare, app, bare, app…) so a change in the machine's load
 * during the run affects both alike; each target gets `duration` seconds in total.
 */
async function measure(targets: Target[], opts: Options, headers: Record<string, string>): Promise<Figures[]> {
  if (opts.warmup > 0) for (const t of targets) await cannon(t.url, opts.warmup, opts.connections, headers);
  const seconds = Math.max(1, Math.round(opts.duration / opts.rounds));
  for (let round = 0; round < opts.rounds; round++) {
    for (const t of targets) {
      // CPU time of this process (the servers; the load generator is another process) per
      // request: unlike req/s it hardly depends on how busy the rest of the machine is.
      const cpu = process.cpuUsage();
      t.runs.push(await cannon(t.url, seconds, opts.connections, headers));
      const used = process.cpuUsage(cpu);
      t.cpuMicros += used.user + used.system;
      t.userMicros = (t.userMicros ?? 0) + used.user;
    }
  }
  return targets.map((t) => {
    const requests = t.runs.reduce((n, r) => n + r.requests.total, 0);
    return {
      label: t.label,
      rps: requests / (seconds * t.runs.length),
      p50: t.runs.reduce((n, r) => n + r.latency.p50, 0) / t.runs.length,
      p99: Math.max(...t.runs.map((r) => r.latency.p99)),
      requests,
      non2xx: t.runs.reduce((n, r) => n + r.non2xx, 0),
      errors: t.runs.reduce((n, r) => n + r.errors, 0),
      cpuUs: t.cpuMicros / Math.max(1, requests),
      userUs: (t.userMicros ?? 0) / Math.max(1, requests),
    };
  });
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });

export async function run(args: string[]): Promise<void> {
  const opts = parseOptions(args);
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: '.tmp/bench' }),
    databaseUrl: undefined,
    logLevel: 'warn' as const,
  };
  const deps = await createDeps(config, { inMemory: true, log: createLogger('warn') }); // migrates and seeds the demo
  const app = createApp(deps);
  const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  const appPort = await listen(appServer);
  const api = `http://127.0.0.1:${appPort}/api/v2/public/api`;

  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'bench' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const sample = await fetch(`${api}/auth/usuario`, { headers: { Cookie: cookie } });
  const bytes = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type') ?? 'application/json';

  // The baseline: the same bytes from node:http with nothing in between.
  const bare = http
    .createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': bytes.length });
      res.end(bytes);
    })
    .listen(0, '127.0.0.1');
  const barePort = await listen(bare);

  // The framework's floor: Hono on @hono/node-server answering the same bytes, nothing else.
  const floorApp = new Hono().get('*', (c) => c.body(bytes, 200, { 'Content-Type': contentType }));
  const floor = serve({ fetch: floorApp.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  const floorPort = await listen(floor);

  console.log(
    `GET /api/v2/public/api/auth/usuario (${bytes.length} bytes), ${opts.connections} connections, ${opts.duration} s each in ${opts.rounds} alternating rounds after ${opts.warmup} s warm-up`,
  );
  const headers = { Cookie: cookie, 'Accept-Language': 'es' };
  const [baseline, framework, ours] = await measure(
    [
      {
        label: 'node:http (same bytes)',
        url: `http://127.0.0.1:${barePort}/api/v2/public/api/auth/usuario`,
        runs: [],
        cpuMicros: 0,
      },
      {
        label: 'Hono only (same bytes)',
        url: `http://127.0.0.1:${floorPort}/api/v2/public/api/auth/usuario`,
        runs: [],
        cpuMicros: 0,
      },
      { label: 'app (Hono + session)', url: `${api}/auth/usuario`, runs: [], cpuMicros: 0 },
    ],
    opts,
    headers,
  );

  for (const f of [baseline, framework, ours]) {
    if (f.non2xx > 0 || f.errors > 0)
      throw new Error(
        `${f.label}: ${f.non2xx} non-2xx answers and ${f.errors} errors; the figures would be meaningless`,
      );
  }
  const row = (f: Figures) =>
    `${f.label.padEnd(24)} ${f.rps.toFixed(0).padStart(9)} ${f.p50.toFixed(1).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.requests).padStart(10)} ${f.cpuUs.toFixed(0).padStart(12)} ${f.userUs.toFixed(0).padStart(13)}`;
  console.log(
    `${''.padEnd(24)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'requests'.padStart(10)} ${'CPU µs/req'.padStart(12)} ${'user µs/req'.padStart(13)}`,
  );
  for (const f of [baseline, framework, ours]) console.log(row(f));
  const ratio = ours.rps / baseline.rps;
  console.log(
    `ratio app/bare: ${ratio.toFixed(2)} (goal ≥ 0.80) ${ratio >= 0.8 ? 'met' : 'NOT met'}; server CPU per request ${(ours.cpuUs / baseline.cpuUs).toFixed(1)}× the bare server's`,
  );
  // The goal is on all the server's CPU; its user share (the stack's own work, without the kernel's loopback send) beside it.
  const cpuRatio = ours.cpuUs / framework.cpuUs;
  console.log(
    `server CPU per request app/Hono alone: ${cpuRatio.toFixed(2)}× (goal ≤ 2.00×) ${cpuRatio <= 2 ? 'met' : 'NOT met'}; user CPU alone ${(ours.userUs / framework.userUs).toFixed(2)}×`,
  );
  console.log(
    `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs (a busy machine understates both servers; compare CPU µs/req)`,
  );

  await new Promise<void>((resolve) => bare.close(() => resolve()));
  floor.closeAllConnections();
  await new Promise<void>((resolve) => floor.close(() => resolve()));
  appServer.closeAllConnections();
  await new Promise<void>((resolve) => appServer.close(() => resolve()));
  await deps.database.close();
}
