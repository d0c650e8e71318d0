/**
 * The app as `npm start` runs it (runtime/main.ts), but serving CLIENT_DIR as its web client so
 * the files end-to-end test can load a page that holds only the upload widget. Started by
 * tests/e2e/files-support.ts; SIGTERM stops it.
 */
import type http from 'node:http';
import { serve } from '@hono/node-server';
import { loadConfig } from '../../server/src/config.ts';
import { createDeps } from '../../server/src/deps.ts';
import { createApp } from '../../server/src/app.ts';

const config = loadConfig();
const deps = await createDeps(config);
const app = createApp(deps, process.env.CLIENT_DIR ? { clientDir: process.env.CLIENT_DIR } : {});
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as http.Server;

const stop = () => {
  server.close();
  server.closeAllConnections?.();
  void deps.database.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
