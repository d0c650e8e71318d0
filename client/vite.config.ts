import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { precompress } from './build/precompress.ts';
import { splitSpanishCatalogue } from './build/spanish-catalogue.ts';
import { portalServiceWorker } from './build/portal-service-worker.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The first screens: login, and the signed-in frame with home and the top bar's live slots. */
const firstScreens = firstScreenChunks(fileURLToPath(new URL('.', import.meta.url)), {
  login: ['modules/auth/index.ts'],
  signedIn: [
    'app/layout/app-layout.tsx',
    'modules/home/index.ts',
    'app/layout/connection-indicator.tsx',
    'modules/notifications/bell.entry.ts',
  ],
});

/** The owner portal's offline shell: its module and the catalogues (docs/operations.md#portal-service-worker). */
const portalShell = portalServiceWorker([
  fileURLToPath(new URL('./src/modules/portal/', import.meta.url)),
  `${repo}locales/`,
]);

/**
 * Root is client/; output client/dist (served by server/src/http/static.ts with SPA fallback).
 * The #domain/#machines/#locales aliases mirror package.json "imports" so the browser bundle
 * resolves the shared code the same way Node does.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [splitSpanishCatalogue(), react(), firstScreens, precompress(), portalShell],
  // Tells client/src/shared/i18n.ts that es.json arrives in two parts (tests import it whole).
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
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // @emotion/react imports hoist-non-react-statics for a side effect it does not have (only
      // withTheme, which nothing here calls, uses it): without this it ships in the first load.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }] },
    },
  },
});
