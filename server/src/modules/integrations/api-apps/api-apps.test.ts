import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiAppCredentialsSchema, apiAppRowSchema } from '#domain/api-apps-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { apiApps, auditLog, profiles, users } from '../../../db/schema/index.ts';
import { issueApp, publicGet, requestToken, tokenOf } from '../test/api-app-kit.ts';

let ctx: TestContext;
let admin: string;
let other: string;
let supervisor: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, other, supervisor] = await Promise.all([ctx.login('admin'), ctx.login('otra'), ctx.login('supervisor')]);
}, 180_000);
afterAll(() => ctx?.close());

const API = 'configuracion/integraciones/apps';
const auditOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'api_app'), eq(auditLog.entityId, id)));

describe('configuracion/integraciones/apps (docs/product.md §2 config integraciones apps)', () => {
  it('creates an app: its secret is in this answer only, stored as a hash, and audited without it', async () => {
    const app = apiAppCredentialsSchema.parse(await issueApp(ctx, admin, ['modulo_postventa']));
    expect(app).toMatchObject({
      name: 'ERP de pruebas',
      scope: ['modulo_postventa'],
      state: 'activa',
      last_used_at: null,
    });
    expect(app.client_id).toMatch(/^app_[0-9a-f]{24}$/);
    expect(app.client_secret).toMatch(/^sk_[\w-]{43}$/);
    const [row] = await ctx.db.select().from(apiApps).where(eq(apiApps.id, app.id));
    expect(row.secretHash).not.toContain(app.client_secret);
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    for (const path of [API, `${API}/${app.id}`]) {
      const res = await ctx.request('GET', path, { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(app.client_secret);
      expect(res.text).not.toContain(row.secretHash);
    }
    const detail = await ctx.request('GET', `${API}/${app.id}`, { cookie: admin });
    expect(apiAppRowSchema.strict().parse(detail.json.data)).toMatchObject({
      created_by: { full_name: 'Carolina Fuentes Ortiz' },
    });
    const [line] = await auditOf(app.id);
    expect(line).toMatchObject({ action: 'created', after: { name: 'ERP de pruebas', scope: ['modulo_postventa'] } });
    expect(JSON.stringify(line)).not.toContain(app.client_secret);
  });

  it('refuses a scope its creator does not hold, an unknown flag, none, and a bad name (422 per field)', async () => {
    const ownerOnly = await ctx.request('POST', API, {
      cookie: admin,
      body: { name: 'Sin permiso', scope: ['no_existe'] },
    });
    expect(ownerOnly.status).toBe(422);
    expect(ownerOnly.json.fields).toHaveProperty('scope.0');
    const none = await ctx.request('POST', API, { cookie: admin, body: { name: 'Vacía', scope: [] } });
    expect(none.json.fields.scope).toBe('Elija al menos un permiso');
    const short = await ctx.request('POST', API, { cookie: admin, body: { name: 'A', scope: ['modulo_postventa'] } });
    expect(short.json.fields).toHaveProperty('name');
  });

  it('a caller may not hand out a flag they lack (422 naming it, in the caller language)', async () => {
    // The agent's profile, narrowed to integrations and after-sales: it may issue after-sales apps only.
    const [agent] = await ctx.db.select().from(users).where(eq(users.username, 'agente'));
    await ctx.db
      .update(profiles)
      .set({ permissions: ['config_integraciones', 'modulo_postventa'] })
      .where(eq(profiles.id, agent.profileId!));
    const cookie = await ctx.login('agente');
    const res = await ctx.request('POST', API, {
      cookie,
      body: { name: 'Demasiado', scope: ['modulo_entregas', 'modulo_postventa'] },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(res.status).toBe(422);
    expect(res.json.fields.scope).toBe('Você não pode conceder permissões que não tem: modulo_entregas');
    expect((await issueApp(ctx, cookie, ['modulo_postventa'])).scope).toEqual(['modulo_postventa']);
  });

  it('renames and rescopes, audited with before and after', async () => {
    const app = await issueApp(ctx, admin);
    const res = await ctx.request('PATCH', `${API}/${app.id}`, {
      cookie: admin,
      body: { name: 'ERP contable', scope: ['modulo_entregas'] },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'ERP contable', scope: ['modulo_entregas'] });
    const lines = await auditOf(app.id);
    expect(lines.find((l) => l.action === 'updated')).toMatchObject({
      before: { name: 'ERP de pruebas' },
      after: { name: 'ERP contable', scope: ['modulo_entregas'] },
    });
    const empty = await ctx.request('PATCH', `${API}/${app.id}`, { cookie: admin, body: {} });
    expect(empty.status).toBe(422);
  });

  it('rotating shows a new secret once; the old secret and its tokens stop', async () => {
    const app = await issueApp(ctx, admin);
    const oldToken = await tokenOf(ctx, app);
    const rotated = await ctx.request('POST', `${API}/${app.id}/rotar`, { cookie: admin });
    expect(rotated.status).toBe(200);
    const fresh = apiAppCredentialsSchema.parse(rotated.json.data);
    expect(fresh.client_secret).not.toBe(app.client_secret);
    expect(fresh.client_id).toBe(app.client_id);
    expect((await publicGet(ctx, '/projects', oldToken)).status).toBe(401);
    const stale = await requestToken(ctx, {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(stale.status).toBe(401);
    const token = await tokenOf(ctx, fresh);
    expect((await publicGet(ctx, '/projects', token)).status).toBe(200);
    const detail = await ctx.request('GET', `${API}/${app.id}`, { cookie: admin });
    expect(detail.text).not.toContain(fresh.client_secret);
  });

  it('revoking stops the app and its tokens for good; it cannot be rotated or edited after', async () => {
    const app = await issueApp(ctx, admin);
    const token = await tokenOf(ctx, app);
    const res = await ctx.request('POST', `${API}/${app.id}/revocar`, { cookie: admin });
    expect(res.json.data).toMatchObject({ state: 'revocada' });
    expect(res.json.data.revoked_at).toBeTruthy();
    const call = await publicGet(ctx, '/projects', token, { 'Accept-Language': 'pt-BR' });
    expect(call.status).toBe(401);
    expect(call.json.message).toBe('Token de acesso inválido, expirado ou revogado');
    const again = await requestToken(ctx, {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(again.status).toBe(401);
    expect((await ctx.request('POST', `${API}/${app.id}/rotar`, { cookie: admin })).status).toBe(409);
    expect(
      (await ctx.request('PATCH', `${API}/${app.id}`, { cookie: admin, body: { name: 'Otro nombre' } })).status,
    ).toBe(409);
    expect((await auditOf(app.id)).map((l) => l.action)).toContain('disabled');
  });

  it("another company's app is a 404 on every route", async () => {
    const app = await issueApp(ctx, admin);
    for (const [method, path, body] of [
      ['GET', `${API}/${app.id}`],
      ['PATCH', `${API}/${app.id}`, { name: 'Ajena' }],
      ['POST', `${API}/${app.id}/rotar`],
      ['POST', `${API}/${app.id}/revocar`],
      ['GET', `${API}/${app.id}/logs`],
    ] as const) {
      const res = await ctx.request(method, path, { cookie: other, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = await ctx.request('GET', API, { cookie: other });
    expect(list.json.data.map((a: { id: number }) => a.id)).not.toContain(app.id);
  });

  it('needs config_integraciones (403) and a session (401)', async () => {
    expect((await ctx.request('GET', API, { cookie: supervisor })).status).toBe(403);
    expect((await ctx.request('GET', API)).status).toBe(401);
  });
});
