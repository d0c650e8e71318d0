import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context.ts';

/**
 * Serves the built web client. Hashed assets are cached for a year and sent precompressed (brotli
 * or gzip, whichever the browser accepts); any other path that is not a file gets index.html so the client router can answer it (deep links, catch-all page).
 */
export function staticClient(clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexPath = path.join(clientDir, 'index.html');
  const app = new Hono<AppEnv>();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The portal's worker and manifest name the current shell (docs/operations.md#portal-service-worker): always revalidated.
  app.use('/portal/*', async (c, next) => {
    await next();
    if (c.res.status === 200 && /\/(sw\.js|manifest\.webmanifest)$/.test(c.req.path))
      c.header('Cache-Control', 'no-cache');
  });
  // The build writes .br and .gz beside each asset (client/build/precompress.ts): sent as is.
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (!fs.existsSync(indexPath)) return c.text('Client not built: run npm run build', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}
