import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { INSIGHTS_LIMITS } from '#domain/insights';
import { billingOverviewSchema } from '#domain/billing-responses';
import { companyHealthDetailSchema, companyHealthSchema, type CompanyHealth } from '#domain/insights-responses';
import {
  companies,
  outbox,
  requestStats,
  webhookApplications,
  webhookDeliveries,
  webhookHooks,
} from '../../../db/schema/index.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { companiesHealth } from './company-health.ts';
import { companyHealthDetail } from './detail.ts';

/**
 * GET /tiinsights/empresas and /empresas/{companyId} (server/src/modules/tiinsights/health/): the two seeded
 * companies' request_stats, outbox and webhook deliveries are replaced by rows written here, and a third company with
 * nothing is added, so every figure and level (domain/insights.ts healthLevel) is exact. Only ryr reaches them.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};
let a: number;
let b: number;
let c: number;
let now: Date;
let hourNow: number;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of ['soporte', 'admin']) cookies[u] = await ctx.login(u);
  cookies.dbdump = await staffWith(ctx, 'solo-respaldo', ['dbdump', 'todos_los_proyectos']);
  cookies.ryr = await staffWith(ctx, 'solo-salud', ['ryr', 'todos_los_proyectos']);
  a = ctx.seed.companyId;
  b = ctx.seed.otherCompanyId;
  [{ id: c }] = await ctx.db.insert(companies).values({ name: 'Constructora Serena' }).returning();
  await seedSignals();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const stats = (companyId: number, hour: number, s: [number, number, number, number, number]) => ({
  companyId,
  hour: new Date(hour),
  requests: s[0],
  serverErrors: s[1],
  clientErrors: 0,
  slow: s[2],
  totalMs: s[3],
  maxMs: s[4],
});

/**
 * A: 400 requests, 2 of them 5xx (0.5 %), 8 slow (2 %), 150 ms on average, but two outbox events waiting (the oldest
 * 60 s: atencion) and one webhook delivery failed in the window → atencion. B: 200 requests, 12 of them 5xx (6 %) →
 * problema. C: nothing → ok.
 */
async function seedSignals() {
  now = new Date();
  hourNow = now.getTime() - (now.getTime() % HOUR);
  const ids = [a, b];
  await ctx.db.delete(requestStats).where(inArray(requestStats.companyId, ids));
  await ctx.db.delete(outbox).where(inArray(outbox.companyId, ids));
  await ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.companyId, ids));
  await ctx.db.insert(requestStats).values([
    stats(a, hourNow, [300, 2, 8, 48_000, 2_500]),
    stats(a, hourNow - 5 * HOUR, [100, 0, 0, 12_000, 900]),
    // The hour before the window: never counted.
    stats(a, hourNow - INSIGHTS_LIMITS.healthHours * HOUR, [1_000, 900, 900, 9_000_000, 99_999]),
    stats(b, hourNow - HOUR, [200, 12, 10, 16_000, 400]),
  ]);
  const event = (companyId: number, createdAt: Date, publishedAt: Date | null) => ({
    companyId,
    topic: `company:${companyId}`,
    type: 'ticket.created',
    payload: {},
    createdAt,
    publishedAt,
  });
  await ctx.db
    .insert(outbox)
    .values([event(a, ago(60_000), null), event(a, ago(10_000), null), event(a, ago(HOUR), ago(HOUR))]);
  const [app] = await ctx.db
    .insert(webhookApplications)
    .values({ companyId: a, name: 'ERP', secretSealed: 'sealed', secretHint: 'abcd' })
    .returning();
  const [hook] = await ctx.db
    .insert(webhookHooks)
    .values({ companyId: a, applicationId: app.id, event: 'ticket.created', url: 'https://erp.example/hooks' })
    .returning();
  const delivery = (n: number, status: 'fallido' | 'entregado', attempts: number, at: Date) => ({
    companyId: a,
    applicationId: app.id,
    hookId: hook.id,
    event: 'ticket.created',
    messageId: `msg_${n}`,
    payload: {},
    attempts,
    maxAttempts: 5,
    status,
    createdAt: at,
    updatedAt: at,
  });
  await ctx.db
    .insert(webhookDeliveries)
    .values([
      delivery(1, 'fallido', 3, ago(30 * HOUR)),
      delivery(2, 'fallido', 5, ago(HOUR)),
      delivery(3, 'entregado', 1, ago(HOUR)),
    ]);
}

const expectedA = () => ({
  company: { id: a, name: expect.any(String) },
  level: 'atencion',
  requests: 400,
  error_rate: 0.005,
  slow_rate: 0.02,
  avg_ms: 150,
  max_ms: 2_500,
  outbox_pending: 2,
  outbox_lag_seconds: 60,
  webhook_failures: 1,
  storage_mb: expect.any(Number),
  active_users: expect.any(Number),
  plan: expect.any(String),
  overdue_invoices: expect.any(Number),
});
const expectedB = () => ({
  company: { id: b, name: expect.any(String) },
  level: 'problema',
  requests: 200,
  error_rate: 0.06,
  slow_rate: 0.05,
  avg_ms: 80,
  max_ms: 400,
  outbox_pending: 0,
  outbox_lag_seconds: 0,
  webhook_failures: 0,
});
const expectedC = () => ({
  company: { id: c, name: 'Constructora Serena' },
  level: 'ok',
  requests: 0,
  error_rate: 0,
  slow_rate: 0,
  avg_ms: 0,
  max_ms: 0,
  outbox_pending: 0,
  outbox_lag_seconds: 0,
  webhook_failures: 0,
  storage_mb: 0,
  active_users: 0,
  plan: null,
  overdue_invoices: 0,
});

const ours = (rows: CompanyHealth[]) => rows.filter((r) => [a, b, c].includes(r.company.id));
const as = (user: string) => (path: string) => ctx.request('GET', `tiinsights/${path}`, { cookie: cookies[user] });

describe('company health (service)', () => {
  it('sums the window per company, levels each and sorts worst first', async () => {
    const rows = await companiesHealth(ctx.db, now);
    expect(rows.length).toBe((await ctx.db.select().from(companies)).length);
    const [first, second, third] = ours(rows);
    expect(first).toMatchObject(expectedB());
    expect(second).toEqual(expectedA());
    expect(third).toEqual(expectedC());
    const levels = rows.map((r) => ['ok', 'atencion', 'problema'].indexOf(r.level));
    expect(levels).toEqual([...levels].sort((x, y) => y - x));
  });

  it('the detail: the same health, every hour of the window oldest first, the last failures newest first', async () => {
    const detail = await companyHealthDetail(ctx.db, a, now);
    expect(companyHealthDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.health).toEqual(expectedA());
    expect(detail.hours).toHaveLength(INSIGHTS_LIMITS.healthHours);
    expect(detail.hours[0].hour).toBe(new Date(hourNow - (INSIGHTS_LIMITS.healthHours - 1) * HOUR).toISOString());
    expect(detail.hours.at(-1)).toEqual({
      hour: new Date(hourNow).toISOString(),
      requests: 300,
      server_errors: 2,
      slow: 8,
      avg_ms: 160,
    });
    expect(detail.hours.find((h) => h.hour === new Date(hourNow - 5 * HOUR).toISOString())).toEqual({
      hour: new Date(hourNow - 5 * HOUR).toISOString(),
      requests: 100,
      server_errors: 0,
      slow: 0,
      avg_ms: 120,
    });
    expect(detail.hours.filter((h) => h.requests > 0)).toHaveLength(2);
    // Both failures are listed (the older one is outside the window's count); the delivered one is not.
    expect(detail.webhook_failures).toEqual([
      {
        id: expect.any(Number),
        event: 'ticket.created',
        url: 'https://erp.example/hooks',
        attempts: 5,
        at: ago(HOUR).toISOString(),
      },
      {
        id: expect.any(Number),
        event: 'ticket.created',
        url: 'https://erp.example/hooks',
        attempts: 3,
        at: ago(30 * HOUR).toISOString(),
      },
    ]);
  });
});

describe('GET tiinsights/empresas', () => {
  it('answers soporte every company worst first, in the schema', async () => {
    const res = await as('soporte')('empresas');
    expect(res.status, res.text).toBe(200);
    const rows = z.array(companyHealthSchema.strict()).parse(res.json.data);
    const [first, second, third] = ours(rows);
    expect(first).toMatchObject(expectedB());
    // The route reads the clock itself: the outbox lag has grown by the seconds the test took.
    expect(second).toEqual({ ...expectedA(), outbox_lag_seconds: expect.any(Number) });
    expect(second.outbox_lag_seconds).toBeGreaterThanOrEqual(60);
    expect(second.outbox_lag_seconds).toBeLessThan(120);
    expect(third).toEqual(expectedC());
  });

  it('storage, active users, plan and overdue invoices read as the billing overview shows them', async () => {
    const rows = (await as('soporte')('empresas')).json.data as CompanyHealth[];
    for (const id of [a, b]) {
      const health = rows.find((r) => r.company.id === id)!;
      const res = await as('soporte')(`empresas/${id}/facturacion`);
      expect(res.status, res.text).toBe(200);
      const billing = billingOverviewSchema.parse(res.json.data);
      expect(health.storage_mb).toBe(billing.storage.used_mb);
      expect(health.active_users).toBe(billing.limits.company.used);
      expect(health.plan).toBe(billing.plan?.name ?? null);
      expect(health.overdue_invoices).toBe(billing.invoices.filter((i) => i.state === 'vencida').length);
    }
    expect(rows.find((r) => r.company.id === a)!.overdue_invoices).toBeGreaterThan(0);
  });

  it('GET empresas/{companyId} answers the detail; an unknown or malformed id is the usual 404', async () => {
    const res = await as('soporte')(`empresas/${b}`);
    expect(res.status, res.text).toBe(200);
    const detail = companyHealthDetailSchema.parse(res.json.data);
    expect(detail.health).toMatchObject(expectedB());
    expect(detail.hours).toHaveLength(INSIGHTS_LIMITS.healthHours);
    expect(detail.hours.reduce((sum, h) => sum + h.requests, 0)).toBe(200);
    expect(detail.webhook_failures).toEqual([]);
    const unknown = await as('soporte')('empresas/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual((await as('soporte')('empresas/999999/facturacion')).json);
    expect((await as('soporte')('empresas/abc')).status).toBe(404);
    expect((await as('soporte')('empresas/0')).status).toBe(404);
  });

  it('needs ryr: a company admin and a dbdump-only user are refused, a ryr-only user answered', async () => {
    for (const user of ['admin', 'dbdump'])
      for (const path of ['empresas', `empresas/${a}`])
        expect((await as(user)(path)).status, `${user} ${path}`).toBe(403);
    expect((await as('ryr')('empresas')).status).toBe(200);
    expect((await as('ryr')(`empresas/${c}`)).status).toBe(200);
  });
});
