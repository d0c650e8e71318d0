import type { Db } from '../../db/client.ts';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { notFound } from '../../lib/errors.ts';
import { storageOf } from '../../storage/index.ts';
import { uploadError, verifyRemoteUpload } from './finalize.ts';
import type { FileRow } from './repo.ts';

/** A row whose bytes are in and checked; on S3 the first look verifies the direct upload. */
export async function ensureUploaded(deps: AppDeps, row: FileRow): Promise<FileRow> {
  if (row.status === 'uploaded') return row;
  if (row.status === 'pending' && storageOf(deps).kind === 's3') return verifyRemoteUpload(deps, row);
  if (row.status === 'rejected') throw notFound();
  throw uploadError(409, 'not_uploaded');
}

/** Whether an owner account may read files attached to one entity of a module (e.g. their ticket). */
export type OwnerAccessCheck = (db: Db, owner: SessionUser, entityId: number) => Promise<boolean>;
const ownerAccess = new Map<string, OwnerAccessCheck>();

/**
 * Modules that attach files to their entities register how an owner may read them; the after-sales
 * module registers 'ticket' so an owner reads the files of their own tickets. Until a module
 * registers, an owner reads only the files they uploaded themselves.
 */
export function registerOwnerFileAccess(entityType: string, check: OwnerAccessCheck): void {
  ownerAccess.set(entityType, check);
}

/** Staff read every file of their company; owners only their own uploads or what a hook allows. */
export async function mayRead(db: Db, user: SessionUser, row: FileRow): Promise<boolean> {
  if (row.companyId !== user.companyId) return false;
  if (user.kind !== 'owner') return true;
  if (row.uploadedBy === user.id) return true;
  const check = row.entityType && row.entityId !== null ? ownerAccess.get(row.entityType) : undefined;
  return check ? check(db, user, row.entityId!) : false;
}

