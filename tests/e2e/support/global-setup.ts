import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../../scripts/client-build.ts';
import { findChromium, INSTALL_HINT } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromium: string | null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    const msg = `Chromium no encontrado: las pruebas end-to-end necesitan el navegador del sistema. Instálelo con: ${INSTALL_HINT}`;
    if (process.env.CI) throw new Error(msg);
    console.warn(`\n⚠ ${msg}\n  (fuera de CI estas pruebas se omiten; con CI=true es un fallo)\n`);
  }
  ensureClientBuild();
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MQTT_PORT: String(await freePort()),
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  delete env.REDIS_URL;
  server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'runtime/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // generous: a loaded 2-core machine starts slowly
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited during start:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the app did not become ready in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseURL', baseURL);
  project.provide('chromium', chromium ?? null);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
