/**
 * `npm run bench -- <name> [args…]` runs tests/bench/<name>.ts (or one listed in `elsewhere`). A bench module exports
 * `run(args: string[]): Promise<void>` that prints its figures (docs/architecture.md §7: benchmarks are scripts
 * that print figures, not timed tests). Without a name it lists the benches there are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** Benches that live beside their own suite rather than here. */
const elsewhere: Record<string, string> = { load: '../load/agents.ts' };
const available = () =>
  [
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3)),
    ...Object.keys(elsewhere),
  ].sort();

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[\w-]+$/.test(name) || !available().includes(name)) {
  console.error(
    `${name ? `Unknown bench '${name}'. ` : ''}Usage: npm run bench -- <name> [args]\nBenches: ${available().join(', ') || '(none)'}`,
  );
  process.exit(name ? 1 : 2);
}

const file = path.join(dir, elsewhere[name] ?? `${name}.ts`);
const mod = (await import(pathToFileURL(file).href)) as { run?: (args: string[]) => Promise<void> };
if (typeof mod.run !== 'function') {
  console.error(`${path.relative(process.cwd(), file)} must export run(args: string[]): Promise<void>`);
  process.exit(1);
}
try {
  await mod.run(args);
  // Benches start servers and databases; end the process even if a handle is left open.
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
