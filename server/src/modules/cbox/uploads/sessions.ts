import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CboxUpload } from '#domain/cbox-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxUploads } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { StoredPart } from '../../../storage/types.ts';

/** A multipart upload session (server/src/db/schema/cbox.ts cbox_uploads). */
export type UploadSession = typeof cboxUploads.$inferSelect;

/** Session ids are UUIDs: anything else is a 404 without asking the database. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const partCount = (s: Pick<UploadSession, 'size' | 'partSize'>) => Math.max(1, Math.ceil(s.size / s.partSize));

/** Every part is part_size bytes but the last, which holds the rest. */
export function partSizeOf(s: Pick<UploadSession, 'size' | 'partSize'>, number: number): number {
  const count = partCount(s);
  return number < count ? s.partSize : s.size - (count - 1) * s.partSize;
}

/** ETags compare without the quotes S3 puts around them. */
export const sameEtag = (a: string, b: string) => a.replace(/^"|"$/g, '') === b.replace(/^"|"$/g, '');

/** The caller's own unfinished, unexpired session; anyone else's (or none) is a 404. */
export async function loadSession(db: DbOrTx, user: SessionUser, id: string): Promise<UploadSession> {
  if (!SESSION_ID.test(id)) throw notFound();
  const [session] = await db
    .select()
    .from(cboxUploads)
    .where(
      and(
        eq(cboxUploads.id, id),
        eq(cboxUploads.companyId, user.companyId),
        eq(cboxUploads.userId, user.id),
        isNull(cboxUploads.completedAt),
        gt(cboxUploads.expiresAt, new Date()),
      ),
    );
  if (!session) throw notFound();
  return session;
}

export const partsMismatch = (number?: number) =>
  new ApiError(422, 'cbox.uploads.parts_mismatch', { number: number ?? '' }, [], { code: 'parts_mismatch' });

/** The session as domain/cbox-responses.ts cboxUploadSchema, with the parts the storage holds of the right size. */
export function uploadDto(session: UploadSession, stored: readonly StoredPart[]): CboxUpload {
  return {
    id: session.id,
    name: session.name,
    size: session.size,
    folder_id: session.folderId,
    part_size: session.partSize,
    part_count: partCount(session),
    parts_done: stored
      .filter((p) => p.number <= partCount(session) && p.size === partSizeOf(session, p.number))
      .map((p) => ({ number: p.number, etag: p.etag, size: p.size })),
    expires_at: session.expiresAt.toISOString(),
  };
}
