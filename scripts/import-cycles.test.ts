import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(root, 'client');
const SERVER = path.join(root, 'server');
const SKIP = new Set(['node_modules', 'dist', 'public', 'migrations']);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/**
 * The files a file imports within `within` (client/ or server/): static, type-only, re-exports and dynamic
 * `import()` alike (the picture of imports, not only what runs first). Packages and `#aliases` lie outside.
 */
function importsOf(file: string, within = CLIENT): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName.split('?')[0])
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s))
    .map(
      (target) =>
        [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
          (t) => existsSync(t) && statSync(t).isFile(),
        ) ?? target,
    )
    .filter((t) => t.startsWith(within + path.sep) && /\.tsx?$/.test(t));
}

/** Every import circle a depth-first walk meets (one per back edge), as the chain of files back to its first. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return cycles;
}

/** docs/architecture.md §6: the client's imports draw no circle (the shell on its floor, modules on the floor). */
describe('client imports', () => {
  it('form no import circle', () => {
    const graph = new Map([...sources(CLIENT)].map((f) => [f, importsOf(f)]));
    // The walk sees the whole client: hundreds of files, most of them importing others.
    expect(graph.size).toBeGreaterThan(200);
    expect([...graph.values()].flat().length).toBeGreaterThan(graph.size);
    const cycles = importCycles(graph).map((c) => c.map((f) => path.relative(root, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

/** docs/decisions.md, Server structure: the server's imports draw no circle either (types that name each other share a file). */
describe('server imports', () => {
  it('form no import circle', () => {
    const graph = new Map([...sources(SERVER)].map((f) => [f, importsOf(f, SERVER)]));
    expect(graph.size).toBeGreaterThan(200);
    const cycles = importCycles(graph).map((c) => c.map((f) => path.relative(root, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

/** docs/architecture.md §2: machines/ and domain/ draw no circle either (each machine file, the engine, the labels). */
describe('machines and domain imports', () => {
  it.each(['machines', 'domain'])('form no import circle in %s/', (name) => {
    const dir = path.join(root, name);
    const graph = new Map([...sources(dir)].map((f) => [f, importsOf(f, dir)]));
    expect(graph.size).toBeGreaterThan(10);
    const cycles = importCycles(graph).map((c) => c.map((f) => path.relative(root, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
