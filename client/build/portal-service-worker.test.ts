import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portalShellFiles, PUBLIC_SHELL, renderServiceWorker, type ShellChunk } from './portal-service-worker.ts';

const chunk = (fileName: string, patch: Partial<ShellChunk> = {}): ShellChunk => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  imports: [],
  moduleIds: [],
  ...patch,
});
const isShell = (id: string) => id.startsWith('/src/modules/portal/') || id.startsWith('/locales/');

describe('the portal offline shell (docs/operations.md#portal-service-worker)', () => {
  const chunks = [
    chunk('assets/index-a.js', { isEntry: true, imports: ['assets/react-b.js'], moduleIds: ['/src/main.tsx'] }),
    chunk('assets/react-b.js', { moduleIds: ['/node_modules/react/index.js'] }),
    chunk('assets/portal-c.js', {
      imports: ['assets/chakra-d.js', 'assets/react-b.js'],
      moduleIds: ['/src/modules/portal/index.ts'],
      viteMetadata: { importedCss: new Set(['assets/portal-c.css']) },
    }),
    chunk('assets/chakra-d.js', { moduleIds: ['/node_modules/@chakra-ui/react/button.js'] }),
    chunk('assets/es-rest-e.js', { moduleIds: ['/locales/es.json?rest'] }),
    chunk('assets/gantt-f.js', { imports: ['assets/chakra-d.js'], moduleIds: ['/src/modules/planning/gantt.tsx'] }),
  ];

  it('holds the page, the entry, the portal and catalogue chunks with their static imports and CSS, not staff modules', () => {
    const files = portalShellFiles(chunks, isShell);
    expect(files.slice(0, 1 + PUBLIC_SHELL.length)).toEqual(['/index.html', ...PUBLIC_SHELL]);
    expect(files.slice(1 + PUBLIC_SHELL.length)).toEqual([
      '/assets/chakra-d.js',
      '/assets/es-rest-e.js',
      '/assets/index-a.js',
      '/assets/portal-c.css',
      '/assets/portal-c.js',
      '/assets/react-b.js',
    ]);
    expect(files).not.toContain('/assets/gantt-f.js');
  });

  it('a new build is a new worker: the version follows the shell files and the page', () => {
    const template = readFileSync(new URL('./portal-sw.js', import.meta.url), 'utf8');
    const files = portalShellFiles(chunks, isShell);
    const one = renderServiceWorker(template, files, '<html>1</html>');
    expect(one).not.toContain('__PORTAL_SW_');
    expect(one).toContain(JSON.stringify(files));
    expect(renderServiceWorker(template, files, '<html>1</html>')).toBe(one);
    expect(renderServiceWorker(template, files, '<html>2</html>')).not.toBe(one);
    expect(renderServiceWorker(template, [...files, '/assets/portal-g.js'], '<html>1</html>')).not.toBe(one);
  });
});
