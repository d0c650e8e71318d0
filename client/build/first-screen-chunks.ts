import path from 'node:path';
import type { Plugin, UserConfig } from 'vite';

/** The output chunk fields this plan reads (Rolldown's OutputChunk). */
type PlannedChunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[] };
type Group = { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: boolean };
export type FirstScreens = { login: string[]; signedIn: string[] };

const PASS_FLAG = 'FIRST_SCREEN_CHUNKS_PLANNING';

/** Chunks reachable through static imports from `start`, leaving out `stop`. */
function staticClosure(
  byFile: Map<string, PlannedChunk>,
  start: PlannedChunk[],
  stop = new Set<string>(),
): Set<string> {
  const seen = new Set<string>();
  const todo = start.map((c) => c.fileName).filter((f) => !stop.has(f));
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) if (!stop.has(dep)) todo.push(dep);
  }
  return seen;
}

/**
 * From a first build's chunks: the modules the login screen and the signed-in home load beyond the
 * entry chunk, as three groups (`first-shared` for both, `login`, `signed-in`). Exported for tests.
 */
export function planGroups(chunks: PlannedChunk[], roots: { login: string[]; signedIn: string[] }): Group[] | null {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = staticClosure(
    byFile,
    chunks.filter((c) => c.isEntry),
  );
  const holding = (ids: string[]) => ids.map((id) => chunks.find((c) => c.moduleIds.includes(id)));
  const modulesOf = (rootIds: string[]) => {
    const found = holding(rootIds);
    if (found.some((c) => !c)) return null;
    const files = staticClosure(byFile, found as PlannedChunk[], entry);
    return new Set([...files].flatMap((f) => byFile.get(f)!.moduleIds));
  };
  const login = modulesOf(roots.login);
  const signedIn = modulesOf(roots.signedIn);
  if (!login || !signedIn) return null;
  const base = new Set([...entry].flatMap((f) => byFile.get(f)!.moduleIds));
  // A module outside both sets stays where the bundler puts it. Each set is closed under static
  // imports (minus the entry chunk), so `login` and `signed-in` import only the entry chunk and
  // `first-shared`, which imports only the entry chunk: no cycle, and execution order holds.
  return [
    { name: 'base', test: (id) => base.has(id), priority: 4, includeDependenciesRecursively: false },
    {
      name: 'first-shared',
      test: (id) => login.has(id) && signedIn.has(id),
      priority: 3,
      includeDependenciesRecursively: false,
    },
    {
      name: 'login',
      test: (id) => login.has(id) && !signedIn.has(id),
      priority: 2,
      includeDependenciesRecursively: false,
    },
    {
      name: 'signed-in',
      test: (id) => signedIn.has(id) && !login.has(id),
      priority: 2,
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * Gathers what the first screens load into three chunks instead of dozens.
 *
 * Left to itself the bundler gives every lazily imported page its own chunk, and every small module
 * shared by two of them (a Chakra button, a hook, an icon) another: the signed-in home fetched 60
 * scripts, 49 of them under 2 KB. Gzip compresses each file on its own, so a split that fine costs
 * half as much again (those 49: 33.5 KB apart, 22 KB together).
 *
 * Which modules a screen really loads is known only after tree-shaking (the Chakra barrel imports
 * every component; a page uses a few), so a production build first runs once without writing, its
 * chunks give the modules each first screen loads, and the real build groups them. `roots` are
 * files under client/src whose chunks a first screen requests (its lazy page and lazy slots). Any
 * other build (a test harness with its own root) is left alone.
 */
export function firstScreenChunks(clientRoot: string, roots: FirstScreens): Plugin {
  const rootIds = {
    login: roots.login.map((f) => path.join(clientRoot, 'src', f)),
    signedIn: roots.signedIn.map((f) => path.join(clientRoot, 'src', f)),
  };
  return {
    name: 'first-screen-chunks',
    apply: 'build',
    async config(config, env): Promise<UserConfig | undefined> {
      if (
        process.env[PASS_FLAG] ||
        env.command !== 'build' ||
        path.resolve(config.root ?? '.') !== path.resolve(clientRoot)
      )
        return undefined;
      const { build } = await import('vite');
      process.env[PASS_FLAG] = '1';
      let output: unknown;
      try {
        output = await build({
          configFile: path.join(clientRoot, 'vite.config.ts'),
          mode: env.mode,
          logLevel: 'silent',
          build: { write: false },
        });
      } finally {
        delete process.env[PASS_FLAG];
      }
      const chunks = [output]
        .flat()
        .flatMap((o) => (o as { output: { type: string }[] }).output)
        .filter((c): c is PlannedChunk => c.type === 'chunk');
      const groups = planGroups(chunks, rootIds);
      if (!groups)
        throw new Error(
          `first-screen-chunks: a first-screen root is not in the build: ${[...rootIds.login, ...rootIds.signedIn].join(', ')}`,
        );
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
