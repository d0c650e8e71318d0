import { and, count, eq, isNull } from 'drizzle-orm';
import type { CboxSummary } from '#domain/cbox-responses';
import { cboxFiles, cboxSettings } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { isCboxAdmin } from '../shared/access.ts';
import { quotaOf, usedBytes } from '../shared/quota.ts';
import { ensureProjectFolders } from './listing.ts';

/**
 * GET biblioteca/resumen: the company's storage against its quota (trash included until purged: shared/quota.ts),
 * how many live files the library holds, and what the caller may do at the root (anyone with the module may create
 * a folder there).
 */
export async function librarySummary(deps: AppDeps, user: SessionUser): Promise<CboxSummary> {
  const db = deps.database.db;
  await ensureProjectFolders(db, user.companyId);
  const [{ bytes }, quota, [live]] = await Promise.all([
    usedBytes(db, user.companyId),
    quotaOf(deps, db, user.companyId),
    db
      .select({ n: count() })
      .from(cboxFiles)
      .where(and(eq(cboxFiles.companyId, user.companyId), isNull(cboxFiles.deletedAt))),
  ]);
  return {
    used_bytes: bytes,
    quota_bytes: quota,
    file_count: Number(live.n),
    is_admin: isCboxAdmin(user),
    can_create_root: true,
  };
}

/** PUT biblioteca/cuota (library administrators): the company's quota, or null for the deployment's default. */
export async function setQuota(deps: AppDeps, user: SessionUser, quotaBytes: number | null): Promise<CboxSummary> {
  await deps.database.db
    .insert(cboxSettings)
    .values({ companyId: user.companyId, quotaBytes })
    .onConflictDoUpdate({ target: cboxSettings.companyId, set: { quotaBytes, updatedAt: new Date() } });
  return librarySummary(deps, user);
}
