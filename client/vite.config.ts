import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * Top-level key prefixes of locales/es.json that the first screens (login, home, the shell and its
 * top-bar slots) use. The bundle carries only these; the rest of the Spanish catalogue is the
 * `?rest` chunk, loaded before any other page renders (client/src/app/i18n.ts, lazy-page.tsx).
 * It keeps the first load small as every module adds its strings (issue §11).
 */
export const FIRST_LOAD_PREFIXES = ['common', 'errors', 'auth', 'validation', 'labels', 'app', 'auth_ui', 'home', 'routes', 'realtime', 'notifications'];

function splitSpanishCatalogue(): Plugin {
  return {
    name: 'split-es-catalogue',
    enforce: 'pre',
    async load(id) {
      const [file, query = ''] = id.split('?', 2);
      if (!file.replaceAll('\\', '/').endsWith('/locales/es.json')) return null;
      const params = [...new URLSearchParams(query).keys()];
      if (params.some((p) => p !== 'rest' && p !== 'import')) return null; // ?raw, ?url…: not ours
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const wantCore = !params.includes('rest');
      const part = Object.fromEntries(Object.entries(all).filter(([k]) => FIRST_LOAD_PREFIXES.includes(k) === wantCore));
      // JSON.parse of a string literal is faster for engines than a large object literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, moduleType: 'js' };
    },
  };
}

/**
 * Root is client/; output client/dist (served by server/src/http/static.ts with SPA fallback).
 * The #domain/#machines/#locales aliases mirror package.json "imports" so the browser bundle
 * resolves the shared code the same way Node does.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [splitSpanishCatalogue(), react(), precompress()],
  // Tells client/src/app/i18n.ts that es.json arrives in two parts (tests import it whole).
  define: { __SPLIT_ES_CATALOGUE__: 'true' },
  resolve: {
    alias: [
      { find: /^#domain\/(.*)$/, replacement: `${repo}domain/$1.ts` },
      { find: /^#machines\/(.*)$/, replacement: `${repo}machines/$1.ts` },
      { find: /^#locales\/(.*)$/, replacement: `${repo}locales/$1` },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000' },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/dev': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Compressing every asset with zopfli and brotli (precompress) takes most of the build, by design.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
