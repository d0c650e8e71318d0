import { and, eq, sql } from 'drizzle-orm';
import { formatBytes } from '#domain/files';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { cboxSettings, files } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';

/** The entity type a library file's stored versions are attached to (files.entity_type). */
export const CBOX_FILE_ENTITY = 'cbox_file';

/**
 * Storage a company's library holds: every stored version of every library file, those in the trash included
 * (they still take space until purged), and uploads in progress at their announced size.
 */
export async function usedBytes(db: DbOrTx, companyId: number): Promise<{ bytes: number; files: number }> {
  const [stored] = await db
    .select({
      bytes: sql<string>`coalesce(sum(${files.size}), 0)`,
      files: sql<number>`count(*)::int`,
    })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.entityType, CBOX_FILE_ENTITY)));
  const pending = await db.execute(
    sql`select coalesce(sum(size), 0) as bytes from cbox_uploads where company_id = ${companyId} and completed_at is null and expires_at > now()`,
  );
  const pendingBytes = Number(rowsOf<{ bytes: string }>(pending)[0]?.bytes ?? 0);
  return { bytes: Number(stored.bytes) + pendingBytes, files: stored.files };
}

/** The company's quota: its own setting, else the deployment's (CBOX_QUOTA_BYTES). */
export async function quotaOf(deps: AppDeps, db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select().from(cboxSettings).where(eq(cboxSettings.companyId, companyId));
  return row?.quotaBytes ?? deps.config.cboxQuotaBytes;
}

/** Refuses `adding` more bytes when the library would pass its quota (422, with the quota in the message). */
export async function assertWithinQuota(deps: AppDeps, db: DbOrTx, companyId: number, adding: number): Promise<void> {
  const [{ bytes }, quota] = await Promise.all([usedBytes(db, companyId), quotaOf(deps, db, companyId)]);
  if (bytes + adding > quota)
    throw new ApiError(422, 'cbox.errors.quota_exceeded', { quota: formatBytes(quota) }, [], {
      code: 'quota_exceeded',
    });
}
