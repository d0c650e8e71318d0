import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUBLIC_OPERATIONS } from '#domain/public-api';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { apiAppCalls, apiTokens, tickets } from '../../../db/schema/index.ts';
import { hashCredential } from './credentials.ts';
import { issueApp, publicGet, requestToken, tokenOf, type IssuedApp } from '../test/api-app-kit.ts';

let ctx: TestContext;
let admin: string;
let app: IssuedApp;
let token: string;
let foreignToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  app = await issueApp(ctx, admin);
  token = await tokenOf(ctx, app);
  foreignToken = await tokenOf(
    ctx,
    await issueApp(ctx, await ctx.login('otra'), ['modulo_postventa', 'modulo_entregas']),
  );
}, 180_000);
afterAll(() => ctx?.close());

const responseOf = (id: string) => PUBLIC_OPERATIONS.find((op) => op.id === id)!.response;
const grant = (fields: Partial<Record<string, string>> = {}) =>
  ({
    grant_type: 'client_credentials',
    client_id: app.client_id,
    client_secret: app.client_secret,
    ...fields,
  }) as Record<string, string>;

describe('POST /api/public/v1/oauth/token (client credentials)', () => {
  it('answers a bearer token for an hour with the app scope, from JSON, a form or HTTP Basic', async () => {
    const json = await requestToken(ctx, grant());
    expect(json.status).toBe(200);
    expect(responseOf('token').parse(json.json)).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'modulo_postventa modulo_entregas',
    });
    expect(json.headers.get('cache-control')).toBe('no-store');
    const [stored] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, json.json.access_token));
    expect(stored).toBeUndefined();
    expect((await requestToken(ctx, grant(), { form: true })).status).toBe(200);
    const basic = Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64');
    const viaBasic = await requestToken(
      ctx,
      { grant_type: 'client_credentials' },
      { form: true, headers: { Authorization: `Basic ${basic}` } },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('refuses a wrong secret or unknown client (401 in the caller language), another grant or missing fields (422)', async () => {
    const wrong = await requestToken(ctx, grant({ client_secret: 'sk_nope' }), {
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe('Credenciais do aplicativo inválidas');
    const unknown = await requestToken(ctx, grant({ client_id: 'app_000' }));
    expect(unknown).toMatchObject({ status: 401, json: { message: 'Credenciales de la aplicación inválidas' } });
    const password = await requestToken(ctx, grant({ grant_type: 'password' }));
    expect(password.status).toBe(422);
    expect(password.json.fields.grant_type).toBe('Solo se admite grant_type=client_credentials');
    const nul = await requestToken(ctx, grant({ client_id: 'app_\u0000' }), { form: true });
    expect(nul.json.fields).toHaveProperty('client_id');
    const missing = await requestToken(ctx, { grant_type: 'client_credentials' });
    expect(Object.keys(missing.json.fields)).toEqual(['client_id', 'client_secret']);
    const calls = await ctx.db.select().from(apiAppCalls).where(eq(apiAppCalls.appId, app.id));
    expect(calls.some((c) => c.status === 401 && c.path.endsWith('/oauth/token'))).toBe(true);
  });
});

describe('bearer authentication (no cookie, no CSRF header)', () => {
  it('refuses no token, an unknown one and an expired one with 401 {message}', async () => {
    for (const t of [undefined, 'x'.repeat(43)]) {
      const res = await publicGet(ctx, '/projects', t);
      expect(res.status).toBe(401);
      expect(res.json.message).toBe('Token de acceso inválido, vencido o revocado');
    }
    const expiring = await tokenOf(ctx, app);
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.tokenHash, hashCredential(expiring)));
    expect((await publicGet(ctx, '/projects', expiring)).status).toBe(401);
  });

  it('ignores the session cookie: a signed-in admin without a token is a 401', async () => {
    const res = await publicGet(ctx, '/projects', undefined, { Cookie: admin });
    expect(res.status).toBe(401);
  });
});

describe('public API v1 reads (contract: answers parse with domain/public-api.ts)', () => {
  it('lists the company projects only', async () => {
    const res = await publicGet(ctx, '/projects', token);
    const page = responseOf('projects').parse(res.json) as { data: { id: number }[] };
    expect(page.data.map((p) => p.id).sort()).toEqual([...ctx.seed.projectIds].sort());
    const foreign = await publicGet(ctx, '/projects', foreignToken);
    expect(foreign.json.data.map((p: { id: number }) => p.id)).toEqual(ctx.seed.otherProjectIds);
  });

  it('lists tickets paged and filtered by project, state and updated_since', async () => {
    const all = await publicGet(ctx, '/tickets?rowsPerPage=5', token);
    expect(all.status).toBe(200);
    const page = responseOf('tickets').parse(all.json) as {
      data: { updated_at: string }[];
      total: number;
      has_more: boolean;
    };
    expect(page.data.length).toBeLessThanOrEqual(5);
    expect(page.total).toBeGreaterThan(0);
    const stamps = page.data.map((t) => t.updated_at);
    expect([...stamps].sort()).toEqual(stamps);
    const project = ctx.seed.projectIds[0];
    const inProject = await publicGet(ctx, `/tickets?project_id=${project}&state=nueva,abierta`, token);
    for (const t of inProject.json.data) {
      expect(t.project.id).toBe(project);
      expect(['nueva', 'abierta']).toContain(t.state);
    }
    const future = await publicGet(ctx, `/tickets?updated_since=${encodeURIComponent('2999-01-01T00:00:00Z')}`, token);
    expect(future.json).toMatchObject({ data: [], total: 0 });
    const bad = await publicGet(ctx, '/tickets?updated_since=ayer&state=rota', token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['state.0', 'updated_since']);
  });

  it('shows one ticket of the company; another company app gets a 404', async () => {
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.companyId, ctx.seed.companyId)).limit(1);
    const res = await publicGet(ctx, `/tickets/${ticket.id}`, token);
    expect(res.status).toBe(200);
    expect(responseOf('ticket').parse(res.json)).toMatchObject({ data: { id: ticket.id, code: ticket.code } });
    expect(JSON.stringify(res.json)).not.toMatch(/"mail"|"phone"|allowed_events/);
    expect((await publicGet(ctx, `/tickets/${ticket.id}`, foreignToken)).status).toBe(404);
    expect((await publicGet(ctx, '/tickets/99999999999', token)).status).toBe(404);
    const foreignList = await publicGet(ctx, '/tickets', foreignToken);
    expect(foreignList.json.total).toBe(0);
  });

  it('lists units by project; a project of another company is a 404', async () => {
    const project = ctx.seed.projectIds[0];
    const res = await publicGet(ctx, `/units?project_id=${project}&rowsPerPage=3`, token);
    const page = responseOf('units').parse(res.json) as { data: { project_id: number }[] };
    expect(page.data).toHaveLength(3);
    for (const u of page.data) expect(u.project_id).toBe(project);
    expect((await publicGet(ctx, `/units?project_id=${project}`, foreignToken)).status).toBe(404);
    const foreign = await publicGet(ctx, '/units', foreignToken);
    expect(foreign.json.total).toBe(8);
  });

  it('needs the scope flag of each operation (403), and rescoping applies to live tokens', async () => {
    const narrow = await issueApp(ctx, admin, ['modulo_entregas'], 'Solo entregas');
    const narrowToken = await tokenOf(ctx, narrow);
    const refused = await publicGet(ctx, '/tickets', narrowToken);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('La aplicación no tiene el permiso modulo_postventa');
    expect((await publicGet(ctx, '/units', narrowToken)).status).toBe(200);
    await ctx.request('PATCH', `configuracion/integraciones/apps/${narrow.id}`, {
      cookie: admin,
      body: { scope: ['modulo_postventa'] },
    });
    expect((await publicGet(ctx, '/tickets', narrowToken)).status).toBe(200);
    expect((await publicGet(ctx, '/units', narrowToken)).status).toBe(403);
  });

  it('answers an unknown public path with a JSON 404 (behind the token)', async () => {
    expect((await publicGet(ctx, '/nada', token)).status).toBe(404);
    expect((await publicGet(ctx, '/nada')).status).toBe(401);
  });
});
