import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { cboxUploads, files } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { discardSession } from './service.ts';

/** Sessions handled per pass: a backlog is worked off over a few passes. */
const SWEEP_LIMIT = 100;

/**
 * Upload sessions not completed within CBOX_LIMITS.uploadSessionHours are aborted: the storage drops their parts,
 * and the pending file row and the session go (docs/api.md, Cbox uploads). Completed sessions are forgotten once
 * past their expiry too (their file lives on in the library).
 */
export async function sweepExpiredUploads(deps: AppDeps, now = new Date()): Promise<Record<string, number>> {
  const db = deps.database.db;
  const expired = await db
    .select({ session: cboxUploads, path: files.path })
    .from(cboxUploads)
    .innerJoin(files, eq(files.id, cboxUploads.fileId))
    .where(and(isNull(cboxUploads.completedAt), lt(cboxUploads.expiresAt, now)))
    .limit(SWEEP_LIMIT);
  let aborted = 0;
  let failed = 0;
  for (const { session, path } of expired) {
    try {
      await discardSession(deps, session, path);
      aborted += 1;
    } catch (err) {
      failed += 1;
      deps.log.warn('cbox upload sweep: could not abort an expired session', {
        upload: session.id,
        error: String(err),
      });
    }
  }
  const forgotten = await db
    .delete(cboxUploads)
    .where(and(isNotNull(cboxUploads.completedAt), lt(cboxUploads.expiresAt, now)))
    .returning({ id: cboxUploads.id });
  return { aborted, failed, forgotten: forgotten.length };
}

export const UPLOAD_SWEEP: PeriodicTask = {
  name: 'cbox.upload_sweep',
  intervalMs: 15 * 60_000,
  run: (deps, now) => sweepExpiredUploads(deps, now),
};
