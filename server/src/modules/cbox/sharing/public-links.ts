import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxPublicLink } from '#domain/cbox-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders, cboxLinks, companies, files, moduleStatus } from '../../../db/schema/index.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { folderChain } from '../shared/access.ts';
import { subtreeFiles } from '../downloads/subtree.ts';
import { hashLinkToken } from './links.ts';

/**
 * The public side of a share link (docs/api.md, Cbox): no session, the token is the key. An unknown, revoked or
 * expired token, or one whose item went to the trash, is the same 404. A password-protected link is unlocked by a
 * cookie holding an HMAC of (link id, expiry) under the server's signing secret, valid at most UNLOCK_HOURS.
 */
export type LinkRow = typeof cboxLinks.$inferSelect;

export const UNLOCK_HOURS = 12;
/** Wrong passwords a link takes within the throttle window (server/src/auth/throttle.ts) before answering 429. */
export const LINK_PASSWORD_TRIES = 10;
export const unlockCookieName = (linkId: number) => `cbox_link_${linkId}`;

export const passwordRequired = () =>
  new ApiError(401, 'cbox.errors.link_password_required', undefined, [], { code: 'password_required' });
export const passwordInvalid = () =>
  new ApiError(401, 'cbox.errors.link_password_invalid', undefined, [], { code: 'password_invalid' });

/** A live link by its token, whose folder or file is still in the library; else 404. */
export async function resolveLink(db: DbOrTx, token: string, now = new Date()): Promise<LinkRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound();
  const [link] = await db
    .select()
    .from(cboxLinks)
    .where(
      and(eq(cboxLinks.tokenHash, hashLinkToken(token)), isNull(cboxLinks.revokedAt), gt(cboxLinks.expiresAt, now)),
    );
  if (!link) throw notFound();
  // A company that switched the library off shares nothing through it either (as the session drops the module).
  const [off] = await db
    .select({ status: moduleStatus.status })
    .from(moduleStatus)
    .where(
      and(
        eq(moduleStatus.companyId, link.companyId),
        eq(moduleStatus.module, 'biblioteca'),
        eq(moduleStatus.status, 'inactivo'),
      ),
    );
  if (off) throw notFound();
  const folderId = link.folderId ?? (await liveFileFolder(db, link.companyId, link.cboxFileId!));
  if (folderId !== null && !(await folderReachable(db, link.companyId, folderId))) throw notFound();
  return link;
}

/** A live file's folder (null: the root); 404 when the file is gone. */
async function liveFileFolder(db: DbOrTx, companyId: number, fileId: number): Promise<number | null> {
  const [file] = await db
    .select({ folderId: cboxFiles.folderId })
    .from(cboxFiles)
    .where(and(eq(cboxFiles.id, fileId), eq(cboxFiles.companyId, companyId), isNull(cboxFiles.deletedAt)));
  if (!file) throw notFound();
  return file.folderId;
}

/** Whether a folder and every folder above it are live (none in the trash). */
async function folderReachable(db: DbOrTx, companyId: number, folderId: number): Promise<boolean> {
  const chain = await folderChain(db, companyId, folderId);
  return chain.length > 0 && chain[chain.length - 1].parentId === null;
}

const unlockMac = (secret: string, linkId: number, expires: number) =>
  createHmac('sha256', secret).update(`cbox-link-unlock:${linkId}:${expires}`).digest('base64url');

/** The unlock cookie's value and lifetime: until UNLOCK_HOURS from now, or the link's expiry if sooner. */
export function unlockCookie(secret: string, link: LinkRow, now = Date.now()) {
  const expires = Math.min(now + UNLOCK_HOURS * 3600_000, link.expiresAt.getTime());
  return {
    value: `${expires}.${unlockMac(secret, link.id, expires)}`,
    maxAgeSeconds: Math.floor((expires - now) / 1000),
  };
}

/** Whether a cookie value unlocks this link now. */
export function isUnlocked(secret: string, link: LinkRow, value: string | undefined, now = Date.now()): boolean {
  if (!link.passwordHash) return true;
  const match = value ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now || expires > now + UNLOCK_HOURS * 3600_000) return false;
  const a = Buffer.from(match[2]);
  const b = Buffer.from(unlockMac(secret, link.id, expires));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A file the link reaches (the link's own file, or a live one anywhere below its folder) with its stored version. */
export async function fileThroughLink(db: DbOrTx, link: LinkRow, fileId: number) {
  const [row] = await db
    .select({ file: cboxFiles, stored: files })
    .from(cboxFiles)
    .innerJoin(files, eq(files.id, cboxFiles.fileId))
    .where(and(eq(cboxFiles.id, fileId), eq(cboxFiles.companyId, link.companyId), isNull(cboxFiles.deletedAt)));
  if (!row) throw notFound();
  if (link.cboxFileId !== null) {
    if (row.file.id !== link.cboxFileId) throw notFound();
    return row;
  }
  if (row.file.folderId === null) throw notFound();
  const chain = await folderChain(db, link.companyId, row.file.folderId);
  const reachable = chain.length > 0 && chain[chain.length - 1].parentId === null;
  if (!reachable || !chain.some((n) => n.id === link.folderId)) throw notFound();
  return row;
}

/** GET api/v2/public/cbox/{token}: the company, the item, and every file it reaches (counted as one opening). */
export async function publicLinkView(db: DbOrTx, link: LinkRow): Promise<CboxPublicLink> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, link.companyId));
  let name: string;
  let list: CboxPublicLink['files'];
  if (link.folderId !== null) {
    const [folder] = await db
      .select({ name: cboxFolders.name })
      .from(cboxFolders)
      .where(eq(cboxFolders.id, link.folderId));
    name = folder.name;
    const found = await subtreeFiles(db, link.companyId, link.folderId, CBOX_LIMITS.zipFilesMax);
    list = found.map((f) => ({
      id: f.id,
      name: f.name,
      trail: f.trail,
      size: f.size,
      type: f.mime,
      extension: f.extension,
    }));
  } else {
    const [file] = await db.select().from(cboxFiles).where(eq(cboxFiles.id, link.cboxFileId!));
    name = file.name;
    list = [{ id: file.id, name: file.name, trail: [], size: file.size, type: file.mime, extension: file.extension }];
  }
  await db
    .update(cboxLinks)
    .set({ openCount: sql`${cboxLinks.openCount} + 1`, lastOpenedAt: new Date() })
    .where(eq(cboxLinks.id, link.id));
  return {
    kind: link.folderId !== null ? 'folder' : 'file',
    name,
    company: company?.name ?? '',
    expires_at: link.expiresAt.toISOString(),
    files: list,
  };
}
