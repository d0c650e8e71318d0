import { and, eq, gt, isNull } from 'drizzle-orm';
import { formatBytes } from '#domain/files';
import { Hono } from 'hono';
import { cboxUploadParts, cboxUploads } from '../../../db/schema/index.ts';
import type { AppEnv } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { isLocal, storageOf } from '../../../storage/index.ts';
import { verifyPart } from '../../../storage/signing.ts';
import { bodyOf, drainBeforeAnswer, uploadError } from '../../files/service.ts';

const PART_NUMBER = /^[1-9]\d{0,4}$/;

/**
 * PUT /storage/parts/<uploadId>/<n>?<signature>: one part of a library upload when storage is local disk (S3 takes
 * the parts itself). Like /storage/o/*, authenticated by the signature alone (uploadId, part number, its exact size,
 * expiry: storage/signing.ts signPart), so mounted outside the CSRF-guarded API. The part is streamed to disk with
 * its MD5 (the ETag, answered in the header as S3 does) and recorded in cbox_upload_parts; a part sent again
 * replaces it; a body cut off leaves nothing recorded.
 */
export const cboxPartRoutes = new Hono<AppEnv>().put('/:uploadId/:number', async (c) => {
  const deps = c.var.deps;
  const storage = storageOf(deps);
  if (!isLocal(storage)) throw notFound();
  const body = bodyOf(c);
  try {
    const uploadId = c.req.param('uploadId');
    const raw = c.req.param('number');
    if (!PART_NUMBER.test(raw) || Number(raw) > 10_000) throw notFound();
    const partNumber = Number(raw);
    const grant = verifyPart(storage.secret, uploadId, partNumber, c.req.query());
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > grant.maxBytes) throw uploadError(413, 'too_large', { size: formatBytes(grant.maxBytes) });
    const [session] = await deps.database.db
      .select({ id: cboxUploads.id })
      .from(cboxUploads)
      .where(
        and(
          eq(cboxUploads.storageUploadId, uploadId),
          isNull(cboxUploads.completedAt),
          gt(cboxUploads.expiresAt, new Date()),
        ),
      );
    if (!session) throw notFound();
    const part = await storage.receivePart(
      uploadId,
      partNumber,
      // Leaving the loop early must not destroy the request (and with it the socket).
      body.stream.iterator({ destroyOnReturn: false }),
      grant.maxBytes,
    );
    await deps.database.db
      .insert(cboxUploadParts)
      .values({ uploadId: session.id, number: partNumber, etag: part.etag, size: part.size })
      .onConflictDoUpdate({
        target: [cboxUploadParts.uploadId, cboxUploadParts.number],
        set: { etag: part.etag, size: part.size, at: new Date() },
      });
    c.header('ETag', part.etag);
    return c.json({ data: part });
  } catch (err) {
    await drainBeforeAnswer(c, body);
    throw err;
  }
});
