import type { AppDeps, SessionUser } from '../../http/context.ts';
import { notFound } from '../../lib/errors.ts';
import { storageOf } from '../../storage/index.ts';
import { uploadError, verifyStoredUpload } from './finalize.ts';
import type { FileRow } from './repo.ts';

/** A row whose bytes are in and checked; on S3 the first look verifies the direct upload. */
export async function ensureUploaded(deps: AppDeps, row: FileRow): Promise<FileRow> {
  if (row.status === 'uploaded') return row;
  if (row.status === 'pending' && storageOf(deps).kind === 's3') return verifyStoredUpload(deps, row);
  if (row.status === 'rejected') throw notFound();
  throw uploadError(409, 'not_uploaded');
}

// Modules that attach files to their records register who may read them, per entity type, with
// registry.fileAccess (after-sales: 'ticket', 'ticket_private' and project logos; deliveries:
// certificates, revision photos, plans, the owner's signature on the act, and profile signatures for
// the acts they sign). Several checks for one type add up (any of them grants). The check's type is
// declared with the registry's contract (http/context.ts).
export type { FileAccessCheck } from '../../http/context.ts';

/**
 * Files follow the visibility of the record they belong to (docs/architecture.md §4): never another company's;
 * always their uploader's; once attached, whoever the owning module's check lets see the record; a
 * file not attached yet, or attached to a kind no module vouches for, nobody else's.
 */
export async function mayRead(deps: AppDeps, user: SessionUser, row: FileRow): Promise<boolean> {
  if (row.companyId !== user.companyId) return false;
  if (row.uploadedBy === user.id) return true;
  if (!row.entityType || row.entityId === null) return false;
  const file = { ...row, entityId: row.entityId };
  for (const check of deps.registry.fileAccessChecks(row.entityType))
    if (await check(deps.database.db, user, file)) return true;
  return false;
}
