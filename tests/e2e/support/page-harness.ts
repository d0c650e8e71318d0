import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../files-support.ts';

/**
 * Builds one test page (tests/e2e/<page>, a component mounted on #root) with the client's own Vite config (aliases,
 * plugins, lazy chunks) as a production build into workDir/dist, for tests that exercise a widget without the app's
 * routes around it (files-upload.e2e.ts, bim-viewer-support.ts).
 */
export async function buildPageHarness(
  workDir: string,
  { page, title, chunkSizeWarningLimit }: { page: string; title: string; chunkSizeWarningLimit: number },
): Promise<string> {
  const { build } = await import('vite');
  const root = path.join(workDir, 'harness');
  const outDir = path.join(workDir, 'dist');
  fs.mkdirSync(root, { recursive: true });
  const entry = path
    .relative(root, path.join(REPO, 'tests', 'e2e', page))
    .split(path.sep)
    .join('/');
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body><div id="root"></div><script type="module" src="./entry.ts"></script></body></html>`,
  );
  fs.writeFileSync(path.join(root, 'entry.ts'), `import '${entry}';\n`);
  await build({
    configFile: path.join(REPO, 'client/vite.config.ts'),
    root,
    publicDir: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit },
  });
  return outDir;
}
