import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_CALL_LOG_MAX } from '#domain/api-apps';
import { apiCallPageSchema } from '#domain/api-apps-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { apiAppCalls } from '../../../db/schema/index.ts';
import { issueApp, publicGet, requestToken, tokenOf } from '../test/api-app-kit.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, 180_000);
afterEach(() => {
  ctx.deps.config.publicApiRatePerMinute = 120;
});
afterAll(() => ctx?.close());

const logsOf = (appId: number, query = '') =>
  ctx.request('GET', `configuracion/integraciones/apps/${appId}/logs${query}`, { cookie: admin });

describe('rate limit per app (PUBLIC_API_RATE_PER_MINUTE)', () => {
  it('answers 429 with Retry-After past the limit, for that app only', async () => {
    const app = await issueApp(ctx, admin);
    const token = await tokenOf(ctx, app);
    const bystander = await tokenOf(ctx, await issueApp(ctx, admin, ['modulo_entregas'], 'Vecina'));
    ctx.deps.config.publicApiRatePerMinute = 3;
    // The token request counted as the first of this minute's three.
    expect((await publicGet(ctx, '/projects', token)).status).toBe(200);
    expect((await publicGet(ctx, '/projects', token)).status).toBe(200);
    const limited = await publicGet(ctx, '/projects', token, { 'Accept-Language': 'pt-BR' });
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.json.message).toBe(`Muitas requisições: tente novamente em ${retry} s`);
    const tokenLimited = await requestToken(ctx, {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(tokenLimited.status).toBe(429);
    expect((await publicGet(ctx, '/units', bystander)).status).toBe(200);
  });
});

describe('call log (GET configuracion/integraciones/apps/{appId}/logs)', () => {
  it('logs every call that identified the app, 401 and 403 included, newest first', async () => {
    const app = await issueApp(ctx, admin, ['modulo_entregas']);
    const token = await tokenOf(ctx, app);
    await publicGet(ctx, '/units?rowsPerPage=2', token);
    await publicGet(ctx, '/tickets', token);
    await requestToken(ctx, { grant_type: 'client_credentials', client_id: app.client_id, client_secret: 'sk_mal' });
    const res = await logsOf(app.id);
    expect(res.status).toBe(200);
    const page = apiCallPageSchema.parse(res.json);
    expect(page.data.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/public/v1/oauth/token', 401],
      ['GET', '/api/public/v1/tickets', 403],
      ['GET', '/api/public/v1/units?rowsPerPage=2', 200],
      ['POST', '/api/public/v1/oauth/token', 200],
    ]);
    for (const r of page.data) expect(r.latency_ms).toBeGreaterThanOrEqual(0);
    const detail = await ctx.request('GET', `configuracion/integraciones/apps/${app.id}`, { cookie: admin });
    expect(detail.json.data.last_used_at).toBeTruthy();
  });

  it(`shows at most ${API_CALL_LOG_MAX} calls and prunes those older than 30 days when the app takes a token`, async () => {
    const app = await issueApp(ctx, admin);
    const now = Date.now();
    await ctx.db.insert(apiAppCalls).values(
      Array.from({ length: 130 }, (_, i) => ({
        appId: app.id,
        method: 'GET',
        path: `/api/public/v1/projects?n=${i}`,
        status: 200,
        latencyMs: 3,
        at: new Date(now - i * 1000 - (i >= 120 ? 40 * 86_400_000 : 0)),
      })),
    );
    const first = apiCallPageSchema.parse((await logsOf(app.id, '?rowsPerPage=100')).json);
    expect(first.total).toBe(API_CALL_LOG_MAX);
    expect(first.data[0].path).toContain('n=0');
    const second = await logsOf(app.id, '?page=2&rowsPerPage=100');
    expect(second.json).toMatchObject({ data: [], has_more: false });
    expect((await logsOf(app.id, '?rowsPerPage=500')).status).toBe(422);
    await tokenOf(ctx, app);
    const kept = await ctx.db.select().from(apiAppCalls).where(eq(apiAppCalls.appId, app.id));
    expect(kept).toHaveLength(121);
  });
});
