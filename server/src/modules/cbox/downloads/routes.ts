import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { cboxZipQuerySchema } from '#domain/schemas/cbox';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { files } from '../../../db/schema/index.ts';
import { idParam, queryOf } from '../../../lib/validate.ts';
import { notFound } from '../../../lib/errors.ts';
import { contentDisposition, openFile, sendStream } from '../../files/service.ts';
import { loadFile } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { logZipDownload, zipEntries, zipStream } from './zip.ts';

/** Whether an answer starts a reading (a whole file, or a player's first range), not a later range or a revalidation. */
const startsReading = (status: number, range: string | undefined) =>
  status === 200 || (status === 206 && /^bytes=0-/.test(range ?? ''));

/** docs/api.md, Cbox: one file's current version, and a selection as one zip. Any level on the items will do. */
export const downloadRoutes = new Hono<AppEnv>()
  .get('/archivos/:fileId/descarga', async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const db = deps.database.db;
    const { file } = await loadFile(db, user, idParam(c.req.param('fileId')));
    const [stored] = await db.select({ path: files.path }).from(files).where(eq(files.id, file.fileId));
    if (!stored) throw notFound();
    const inline = c.req.query('inline') === '1';
    const range = c.req.header('range');
    const opened = await openFile(deps, user, stored.path, {
      method: c.req.method,
      range,
      ifNoneMatch: c.req.header('if-none-match'),
      ifRange: c.req.header('if-range'),
      download: !inline,
    });
    if (c.req.method === 'GET' && startsReading(opened.status, range))
      await recordActivity(db, [
        {
          companyId: user.companyId,
          action: inline ? 'viewed' : 'downloaded',
          actorId: user.id,
          cboxFileId: file.id,
          detail: { version: file.version },
        },
      ]);
    // The stored file is named by its upload; the library's name is the one the person knows it by.
    opened.headers['Content-Disposition'] = contentDisposition(
      inline && opened.headers['Content-Disposition']?.startsWith('inline') ? 'inline' : 'attachment',
      file.name,
    );
    return sendStream(c, opened);
  })
  .get('/zip', async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const entries = await zipEntries(deps, user, queryOf(c, cboxZipQuerySchema));
    const { stream, size } = await zipStream(deps, entries);
    await logZipDownload(deps, user, entries);
    const day = new Date().toISOString().slice(0, 10);
    return sendStream(c, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition('attachment', `biblioteca-${day}.zip`),
        ...(size >= 0 ? { 'Content-Length': String(size) } : {}),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
      body: stream,
    });
  });
