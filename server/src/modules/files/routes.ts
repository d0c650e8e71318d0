import { Hono } from 'hono';
import { confirmUploadSchema, FILES_PUBLIC_PREFIX, presignedPostSchema, uploadUrlSchema } from '#domain/files';
import type { AppEnv } from '../../http/context.ts';
import { sessionLoader } from '../../http/middleware.ts';
import { requestOrigin } from '../../http/origin.ts';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { jsonBody } from '../../lib/validate.ts';
import { confirmUpload, createPresignedPost, createUploadUrl, discardUpload, openFile } from './service.ts';
import { sendStream } from './send.ts';

export { storageRoutes } from './storage-routes.ts';

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
  return sendStream(c, opened);
});
