import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hono, type Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { confirmUploadSchema, FILES_PUBLIC_PREFIX, presignedPostSchema, uploadUrlSchema } from '#domain/files';
import type { AppEnv } from '../../http/context.ts';
import { sessionLoader } from '../../http/middleware.ts';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { jsonBody } from '../../lib/validate.ts';
import { confirmUpload, createPresignedPost, createUploadUrl, discardUpload, openFile } from './service.ts';

export { storageRoutes } from './storage-routes.ts';

/** The origin the browser used, so local upload URLs point back to the same host (or the one the proxy saw, when TRUST_PROXY names trusted proxies). */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('deps').config.trustProxy > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    return `${proto || url.protocol.replace(':', '')}://${host || url.host}`;
  }
  return url.origin;
}

/** The Node response behind a request, when running under @hono/node-server (not in app.request tests). */
function nodeResponse(env: unknown): ServerResponse | undefined {
  const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === 'function' ? outgoing : undefined;
}

/** Mounted at /files in the API (docs/product.md §7: POST files/upload-url). */
export const filesRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/upload-url', async (c) => {
    const input = await jsonBody(c, uploadUrlSchema);
    return c.json({ data: await createUploadUrl(c.var.deps, currentUser(c), input, requestOrigin(c)) });
  })
  .post('/pre-signed-url', async (c) => {
    const input = await jsonBody(c, presignedPostSchema);
    return c.json({ data: await createPresignedPost(c.var.deps, currentUser(c), input, requestOrigin(c)) });
  })
  /** After a direct upload: the file as docs/product.md §3 describes it (and, on S3, its verification). */
  .post('/confirm', async (c) => {
    const { path } = await jsonBody(c, confirmUploadSchema);
    return c.json({ data: await confirmUpload(c.var.deps, currentUser(c), path) });
  })
  .delete('/:path{.+}', async (c) => {
    const path = c.req.param('path');
    await discardUpload(c.var.deps, currentUser(c), path);
    return c.json({ data: { path } });
  });

/** The editor's default presigned-POST URL (docs/product.md §7), mounted at propietarios/posventa/s3 in the API. */
export const presignedPostRoutes = new Hono<AppEnv>().use(requireUser).post('/pre-signed-url', async (c) => {
  const input = await jsonBody(c, presignedPostSchema);
  return c.json({ data: await createPresignedPost(c.var.deps, currentUser(c), input, requestOrigin(c)) });
});

/** GET api/v2/public/files/<path> (docs/product.md §7), outside the JSON API but behind the session cookie. */
export const publicFileRoutes = new Hono<AppEnv>().use(sessionLoader).get('/*', requireUser, async (c) => {
  const path = c.req.path.slice(FILES_PUBLIC_PREFIX.length);
  const opened = await openFile(c.var.deps, c.var.user, path, {
    method: c.req.method,
    range: c.req.header('range'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifRange: c.req.header('if-range'),
    download: c.req.query('download') === '1',
  });
  const outgoing = nodeResponse(c.env);
  if (opened.body && outgoing) {
    // Under Node, pipe the file straight into the socket: no Web Streams in between, with
    // backpressure, so a large download runs near disk speed and never sits in memory.
    outgoing.writeHead(opened.status, { ...opened.headers, 'X-Request-Id': c.var.requestId });
    pipeline(opened.body, outgoing).catch(() => opened.body?.destroy());
    // node-server's own marker: a Response built here would be its lightweight class, whose
    // cached fast path writes the head a second time (ERR_HTTP_HEADERS_SENT).
    return RESPONSE_ALREADY_SENT;
  }
  const body = opened.body ? (Readable.toWeb(opened.body) as ReadableStream) : null;
  return new Response(body, { status: opened.status, headers: opened.headers });
});
