import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cboxLinkCreatedSchema, cboxLinkListSchema, cboxPublicLinkSchema } from '#domain/cbox-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cboxActivity, cboxLinks, moduleStatus } from '../../../db/schema/index.ts';
import { makeFile, makeFolder, raw, userId, useTempStorage } from '../test/sharingFixtures.ts';

/** Share links (docs/api.md, Cbox): made by can-share holders, opened by anyone with the token, no session. */
let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let supervisor: string;
let obra: { id: number };
let plano: { id: number };
let outside: { id: number };
const PLANO = Buffer.from('%PDF-1.7 plano de la obra');
const PUBLIC = '/api/v2/public/cbox';

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx).cleanup;
  const adminId = await userId(ctx, 'admin');
  obra = await makeFolder(ctx, { name: 'Obra Sur', createdBy: adminId });
  const planos = await makeFolder(ctx, { name: 'Planos', parentId: obra.id, createdBy: adminId });
  plano = (await makeFile(ctx, { name: 'plano.pdf', folderId: planos.id, createdBy: adminId, body: PLANO })).file;
  await makeFile(ctx, { name: 'acta.pdf', folderId: obra.id, createdBy: adminId, body: Buffer.from('%PDF acta') });
  const otherFolder = await makeFolder(ctx, { name: 'Privado', createdBy: adminId });
  outside = (await makeFile(ctx, { name: 'secreto.pdf', folderId: otherFolder.id, createdBy: adminId, body: PLANO }))
    .file;
  admin = await ctx.login('admin');
  supervisor = await ctx.login('supervisor');
});
afterAll(async () => {
  await ctx.close();
  cleanup();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createLink(body: Record<string, unknown>, cookie = admin) {
  const res = await ctx.request('POST', 'biblioteca/enlaces', { cookie, body });
  return res;
}
const tokenOf = (url: string) => url.split('/compartido/')[1];
/** A request as an outsider's browser sends it: no session, no X-Requested-With. */
const outsider = (path: string, init: RequestInit & { cookie?: string } = {}) => raw(ctx, `${PUBLIC}/${path}`, init);

describe('share links', () => {
  it('creates a link whose address is shown once and opens without a session', async () => {
    const res = await createLink({ folder_id: obra.id, label: 'Para la inmobiliaria', expires_on: inDays(7) });
    expect(res.status).toBe(201);
    const created = cboxLinkCreatedSchema.parse(res.json).data;
    expect(created.url).toMatch(/^http:\/\/localhost\/compartido\/[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ label: 'Para la inmobiliaria', has_password: false, open_count: 0 });
    const [row] = await ctx.db.select().from(cboxLinks).where(eq(cboxLinks.id, created.id));
    expect(row.tokenHash).not.toContain(tokenOf(created.url));

    const list = await ctx.request('GET', `biblioteca/enlaces?folder_id=${obra.id}`, { cookie: admin });
    const links = cboxLinkListSchema.parse(list.json).data;
    expect(links.map((l) => l.id)).toContain(created.id);
    expect(JSON.stringify(list.json)).not.toContain(tokenOf(created.url));

    const opened = await outsider(tokenOf(created.url));
    expect(opened.status).toBe(200);
    const view = cboxPublicLinkSchema.parse(opened.json).data;
    expect(view).toMatchObject({ kind: 'folder', name: 'Obra Sur' });
    expect(view.company).not.toBe('');
    expect(view.files.map((f) => [f.trail.join('/'), f.name])).toEqual([
      ['', 'acta.pdf'],
      ['Planos', 'plano.pdf'],
    ]);
    const [after] = await ctx.db.select().from(cboxLinks).where(eq(cboxLinks.id, created.id));
    expect(after.openCount).toBe(1);
    expect(after.lastOpenedAt).not.toBeNull();

    const file = await outsider(`${tokenOf(created.url)}/archivos/${plano.id}?download=1`);
    expect(file.status).toBe(200);
    expect(file.body.equals(PLANO)).toBe(true);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;.*plano\.pdf/);
    const actions = await ctx.db.select().from(cboxActivity).where(eq(cboxActivity.linkId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['downloaded', 'link_created', 'link_opened']);
  });

  it('never serves a file the link does not reach', async () => {
    const res = await createLink({ folder_id: obra.id, expires_on: inDays(1) });
    const token = tokenOf(res.json.data.url);
    expect((await outsider(`${token}/archivos/${outside.id}`)).status).toBe(404);
    const fileLink = await createLink({ file_id: plano.id, expires_on: inDays(1) });
    const fileToken = tokenOf(fileLink.json.data.url);
    const view = await outsider(fileToken);
    expect(view.json.data).toMatchObject({ kind: 'file', name: 'plano.pdf', files: [{ id: plano.id, trail: [] }] });
    expect((await outsider(`${fileToken}/archivos/${plano.id}`)).status).toBe(200);
    expect((await outsider(`${fileToken}/archivos/${outside.id}`)).status).toBe(404);
  });

  it('expires on the day given, at most a year ahead, and answers 404 afterwards', async () => {
    const past = await createLink({ folder_id: obra.id, expires_on: inDays(-2) });
    expect(past.status).toBe(422);
    expect(past.json.fields ?? past.json.errors).toBeTruthy();
    expect(JSON.stringify(past.json)).toContain('expires_on');
    const far = await createLink({ folder_id: obra.id, expires_on: inDays(400) });
    expect(far.status).toBe(422);
    const ok = await createLink({ folder_id: obra.id, expires_on: inDays(2) });
    const token = tokenOf(ok.json.data.url);
    await ctx.db
      .update(cboxLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cboxLinks.id, ok.json.data.id));
    const gone = await outsider(token);
    const unknown = await outsider('x'.repeat(43));
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual(unknown.json);
  });

  it('shares nothing while the company has the library switched off', async () => {
    const res = await createLink({ folder_id: obra.id, expires_on: inDays(3) });
    const token = tokenOf(res.json.data.url);
    const library = and(eq(moduleStatus.companyId, ctx.seed.companyId), eq(moduleStatus.module, 'biblioteca'));
    await ctx.db.update(moduleStatus).set({ status: 'inactivo' }).where(library);
    try {
      expect((await outsider(token)).status).toBe(404);
    } finally {
      await ctx.db.update(moduleStatus).set({ status: 'activo' }).where(library);
    }
    expect((await outsider(token)).status).toBe(200);
  });

  it('is revoked by a can-share holder and stops at once', async () => {
    const res = await createLink({ folder_id: obra.id, expires_on: inDays(3) });
    const token = tokenOf(res.json.data.url);
    expect((await outsider(token)).status).toBe(200);
    // The supervisor does not see the folder: to them the link does not exist.
    expect((await ctx.request('DELETE', `biblioteca/enlaces/${res.json.data.id}`, { cookie: supervisor })).status).toBe(
      404,
    );
    const revoked = await ctx.request('DELETE', `biblioteca/enlaces/${res.json.data.id}`, { cookie: admin });
    expect(revoked.status).toBe(200);
    expect((await outsider(token)).status).toBe(404);
    expect((await outsider(`${token}/archivos/${plano.id}`)).status).toBe(404);
    const [row] = await ctx.db.select().from(cboxLinks).where(eq(cboxLinks.id, res.json.data.id));
    expect(row.revokedAt).not.toBeNull();
  });

  it('asks for the password, unlocks with a path-scoped signed cookie, and throttles wrong tries', async () => {
    const res = await createLink({ file_id: plano.id, expires_on: inDays(5), password: 'obra-2026' });
    expect(res.json.data.has_password).toBe(true);
    const [row] = await ctx.db.select().from(cboxLinks).where(eq(cboxLinks.id, res.json.data.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const token = tokenOf(res.json.data.url);

    const locked = await outsider(token);
    expect(locked.status).toBe(401);
    expect(locked.json.code).toBe('password_required');
    expect((await outsider(`${token}/archivos/${plano.id}`)).json.code).toBe('password_required');

    const unlock = (password: string) =>
      outsider(`${token}/acceso`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    const wrong = await unlock('nope');
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('password_invalid');

    const right = await unlock('obra-2026');
    expect(right.status).toBe(200);
    const setCookie = right.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toContain(`Path=${PUBLIC}/${token}`);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    const cookie = setCookie.split(';')[0];
    expect((await outsider(token, { cookie })).status).toBe(200);
    expect((await outsider(`${token}/archivos/${plano.id}`, { cookie })).body.equals(PLANO)).toBe(true);
    // A forged cookie (another expiry with the same signature) unlocks nothing.
    const [name, value] = cookie.split('=');
    const forged = `${name}=${Number(value.split('.')[0]) + 1000}.${value.split('.')[1]}`;
    expect((await outsider(token, { cookie: forged })).status).toBe(401);

    for (let i = 0; i < 10; i++) expect((await unlock('wrong-again')).status).toBe(401);
    const throttled = await unlock('obra-2026');
    expect(throttled.status).toBe(429);
  });

  it('needs can-share to list or make links', async () => {
    const revisor = await ctx.login('revisor');
    await ctx.request('POST', 'biblioteca/compartir', {
      cookie: admin,
      body: { folder_id: obra.id, subject_kind: 'user', subject_id: await userId(ctx, 'revisor'), levels: [] },
    });
    expect((await ctx.request('GET', `biblioteca/enlaces?folder_id=${obra.id}`, { cookie: revisor })).status).toBe(403);
    expect((await createLink({ folder_id: obra.id, expires_on: inDays(1) }, revisor)).status).toBe(403);
  });
});
