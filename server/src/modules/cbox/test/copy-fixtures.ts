import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categoryOf, extensionOf, mimeOf, thumbnailPathOf } from '#domain/files';
import { cboxFiles, cboxFolders, cboxShares, cboxVersions, files, users } from '../../../db/schema/index.ts';
import { storageOf } from '../../../storage/index.ts';
import type { TestContext } from '../../../test-support.ts';
import { CBOX_FILE_ENTITY } from '../shared/quota.ts';

/**
 * Library records for the copies' tests, written straight to the tables (the explorer's routes are another
 * sub-feature's): folders, shares, and files whose bytes are in storage as an upload would have left them.
 */

/** A 1×1 PNG: passes the upload checks (magic number, size). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function userId(ctx: TestContext, username: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

export async function makeFolder(ctx: TestContext, name: string, createdBy: number, parentId: number | null = null) {
  const [folder] = await ctx.db
    .insert(cboxFolders)
    .values({ companyId: ctx.seed.companyId, name, parentId, createdBy })
    .returning();
  return folder;
}

export async function shareFolder(
  ctx: TestContext,
  folderId: number,
  userIdTo: number,
  levels: { canEdit?: boolean; canShare?: boolean } = {},
) {
  await ctx.db.insert(cboxShares).values({
    companyId: ctx.seed.companyId,
    folderId,
    subjectKind: 'user',
    userId: userIdTo,
    canEdit: levels.canEdit ?? false,
    canShare: levels.canShare ?? false,
  });
}

/**
 * A library file in `folderId` (version 1) whose stored bytes are `bytes`; `size` may claim more than the bytes
 * hold (a large file without writing one). Images get a stored thumbnail, as an upload would.
 */
export async function makeLibraryFile(
  ctx: TestContext,
  opts: { name: string; folderId: number | null; createdBy: number; bytes?: Buffer; size?: number },
) {
  const bytes = opts.bytes ?? PNG;
  const size = opts.size ?? bytes.length;
  const extension = extensionOf(opts.name);
  const now = new Date();
  const path = `${ctx.seed.companyId}/${now.getUTCFullYear()}/01/${randomUUID()}.${extension}`;
  const storage = storageOf(ctx.deps);
  await storage.writeSmall(path, bytes, mimeOf(extension));
  const thumbnailPath = extension === 'png' ? thumbnailPathOf(path) : null;
  if (thumbnailPath) await storage.writeSmall(thumbnailPath, PNG, 'image/webp');
  const [stored] = await ctx.db
    .insert(files)
    .values({
      companyId: ctx.seed.companyId,
      path,
      name: opts.name,
      extension,
      mime: mimeOf(extension),
      category: categoryOf(extension)!,
      context: 'library',
      status: 'uploaded',
      maxBytes: size,
      size,
      uploadedBy: opts.createdBy,
      uploadedAt: now,
      expiresAt: now,
      thumbnailPath,
    })
    .returning();
  const [file] = await ctx.db
    .insert(cboxFiles)
    .values({
      companyId: ctx.seed.companyId,
      folderId: opts.folderId,
      name: opts.name,
      fileId: stored.id,
      size,
      extension,
      category: stored.category,
      mime: stored.mime,
      createdBy: opts.createdBy,
    })
    .returning();
  await ctx.db.insert(cboxVersions).values({
    companyId: ctx.seed.companyId,
    cboxFileId: file.id,
    fileId: stored.id,
    version: 1,
    size,
    createdBy: opts.createdBy,
  });
  await ctx.db.update(files).set({ entityType: CBOX_FILE_ENTITY, entityId: file.id }).where(eq(files.id, stored.id));
  return { file, stored };
}

/** Uploads a photo the way the client's uploader does (POST files/upload-url, then PUT); returns its attachment. */
export async function uploadPhoto(ctx: TestContext, cookie: string, name = 'foto.png') {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension: 'png', name, size: PNG.length, contentType: 'image/png' },
  });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType, ...(signed.json.data.headers ?? {}) },
    body: PNG,
  });
  if (put.status >= 300) throw new Error(`put ${put.status} ${await put.text()}`);
  return { path: signed.json.data.path as string, name, size: PNG.length, type: 'image/png' };
}

/** The bytes of a stored file as the files endpoint serves them to `cookie`. */
export async function readStored(ctx: TestContext, cookie: string, path: string) {
  const res = await ctx.app.request(`/api/v2/public/files/${path}`, { headers: { cookie } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}
