import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = [
  'server',
  'client',
  'domain',
  'machines',
  'realtime',
  'runtime',
  'locales',
  'tests',
  'scripts',
  'docs',
  'deploy',
];
const SKIP = new Set(['node_modules', 'dist', 'migrations', 'artifacts']);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|js|mjs|md|json|conf)$/.test(name)) yield full;
  }
}

/**
 * Comments and docs cite what a reader of the repository can open: docs/product.md,
 * docs/architecture.md, docs/decisions.md. Never a specification outside it, nor an issue number.
 */
describe('references', () => {
  it('cite only documents of the repository', () => {
    const outside = /\b(SPEC|DESIGN)(\.md)? §|\b[Ii]ssue \d+|\bissue §/;
    const offenders: string[] = [];
    for (const file of [...FOLDERS.flatMap((f) => [...sources(path.join(root, f))]), path.join(root, 'README.md')]) {
      if (file === import.meta.filename) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('hold no leftover merge-conflict markers', () => {
    const marker = /^(<{7}|>{7}) /;
    const offenders = [
      ...FOLDERS.flatMap((f) => [...sources(path.join(root, f))]),
      path.join(root, 'README.md'),
    ].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (marker.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
