import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { eq } from 'drizzle-orm';
import { categoryOf, extensionOf, mimeOf } from '#domain/files';
import { cboxFiles, cboxFolders, cboxVersions, files, profiles, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import type { TestContext } from '../../../test-support.ts';
import { storageOf } from '../../../storage/index.ts';
import { createLocalStorage } from '../../../storage/local.ts';
import { CBOX_FILE_ENTITY } from '../shared/quota.ts';

/**
 * Library content for the sharing and download tests, written straight into the tables (no explorer or uploads
 * routes needed): folders, and files whose bytes are really stored (storageOf(deps).writeSmall), attached as the
 * uploads feature attaches them (files row 'uploaded', entity 'cbox_file', a cbox_versions row).
 */
export function useTempStorage(ctx: TestContext): { cleanup: () => void } {
  const root = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'qa-cbox-sharing-'));
  ctx.deps.extras.storage = createLocalStorage({ root, secret: ctx.deps.config.signingSecret });
  return { cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A raw request to the app (no API headers added), with its body as bytes and as JSON when it is JSON. */
export async function raw(ctx: TestContext, url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  const res = await ctx.app.request(url, { ...init, headers });
  const body = Buffer.from(await res.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, body, json };
}

export async function userId(ctx: TestContext, username: string): Promise<number> {
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

export async function makeFolder(
  ctx: TestContext,
  input: { name: string; parentId?: number | null; createdBy: number; companyId?: number },
) {
  const [row] = await ctx.db
    .insert(cboxFolders)
    .values({
      companyId: input.companyId ?? ctx.seed.companyId,
      parentId: input.parentId ?? null,
      name: input.name,
      createdBy: input.createdBy,
    })
    .returning();
  return row;
}

/** A storage path as the files module makes them (<companyId>/<yyyy>/<mm>/<uuid>.<ext>). */
export function libraryPath(companyId: number, extension: string, now = new Date()): string {
  return `${companyId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;
}

export async function makeFile(
  ctx: TestContext,
  input: { name: string; folderId: number | null; createdBy: number; body: Buffer; companyId?: number },
) {
  const companyId = input.companyId ?? ctx.seed.companyId;
  const path = libraryPath(companyId, extensionOf(input.name));
  await storageOf(ctx.deps).writeSmall(path, input.body, mimeOf(extensionOf(input.name)));
  return insertLibraryFile(ctx, { ...input, companyId, path, size: input.body.length });
}

/** The rows of a library file whose bytes are already stored at `path` (`size` bytes). */
export async function insertLibraryFile(
  ctx: TestContext,
  input: { name: string; folderId: number | null; createdBy: number; path: string; size: number; companyId?: number },
) {
  const companyId = input.companyId ?? ctx.seed.companyId;
  const extension = extensionOf(input.name);
  const mime = mimeOf(extension);
  const category = categoryOf(extension) ?? 'document';
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(files)
      .values({
        companyId,
        path: input.path,
        name: input.name,
        extension,
        mime,
        category,
        context: 'library',
        status: 'uploaded',
        maxBytes: input.size,
        size: input.size,
        uploadedBy: input.createdBy,
        expiresAt: new Date(now.getTime() + 86_400_000),
        uploadedAt: now,
        entityType: CBOX_FILE_ENTITY,
      })
      .returning();
    const [file] = await tx
      .insert(cboxFiles)
      .values({
        companyId,
        folderId: input.folderId,
        name: input.name,
        fileId: stored.id,
        size: input.size,
        extension,
        category,
        mime,
        createdBy: input.createdBy,
      })
      .returning();
    await tx.update(files).set({ entityId: file.id }).where(eq(files.id, stored.id));
    await tx.insert(cboxVersions).values({
      companyId,
      cboxFileId: file.id,
      fileId: stored.id,
      version: 1,
      size: input.size,
      createdBy: input.createdBy,
    });
    return { file, stored };
  });
}

/** The session a signed-in user would have (for the access rule's functions, shared/access.ts). */
export async function sessionOf(ctx: TestContext, username: string): Promise<SessionUser> {
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.username, username));
  return {
    id: row.user.id,
    companyId: row.user.companyId,
    kind: row.user.kind,
    username: row.user.username,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    locale: row.user.locale,
    profileId: row.user.profileId,
    profileName: row.profile?.name ?? '',
    permissions: new Set(row.profile?.permissions ?? []),
    projectIds: [],
    sessionId: 'test',
  };
}
