import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Sources the client bundle is built from; a newer file than the build means it is stale. */
const SOURCES = [
  'client/src',
  'client/index.html',
  'client/vite.config.ts',
  'client/build',
  'client/public',
  'locales',
  'domain',
  'machines',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function clientBuildIsStale(root = process.cwd()): boolean {
  const built = path.join(root, 'client/dist/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** Builds the web client with Vite when its build is missing or older than its sources. */
export function ensureClientBuild(root = process.cwd()): void {
  if (!clientBuildIsStale(root)) return;
  console.log('Construyendo el cliente web (vite build)…');
  // Always a production bundle: under vitest (the e2e setup) NODE_ENV is 'test', and Vite would then
  // ship React's development build (larger, slower, with dev-only warnings).
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'client/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) throw new Error('La construcción del cliente falló');
}
