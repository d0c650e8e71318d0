import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { periodOf } from '#domain/billing';
import { billingOverviewSchema, type BillingOverview } from '#domain/billing-responses';
import { companies, files, projects, tickets, usageUserDays, users } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { shiftPeriod } from '../shared/today.ts';
import { clearBilling, professionalPlan, providerCall, todayOf } from '../test/fixtures.ts';

/**
 * GET /facturacion (docs/api.md, Billing): the plan, the active-user limits, storage and twelve months of usage counted
 * from rows this test writes — user days, tickets moved into a month, files uploaded — and `over` past the plan.
 */
let ctx: TestContext;
let gerente: string;
let soporte: string;
let current: string;
let last: string;
const GB = 1024 ** 3;

beforeAll(async () => {
  ctx = await createTestContext();
  [gerente, soporte] = await Promise.all([ctx.login('gerente'), ctx.login('soporte')]);
  await clearBilling(ctx, [ctx.seed.companyId]);
  current = periodOf(await todayOf(ctx, ctx.seed.companyId));
  last = shiftPeriod(current, -1);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function overview(): Promise<BillingOverview> {
  const res = await ctx.request('GET', 'facturacion', { cookie: gerente });
  expect(res.status, res.text).toBe(200);
  return billingOverviewSchema.parse(res.json.data);
}
const month = (o: BillingOverview, period: string) => o.usage.find((u) => u.period === period)!;

describe('billing overview', () => {
  it('without a plan: the company, its limits and twelve months newest first', async () => {
    const o = await overview();
    expect(o.company).toEqual({ id: ctx.seed.companyId, name: expect.any(String) });
    expect(o.plan).toBeNull();
    expect(o.invoices).toEqual([]);
    expect(o.usage.map((u) => u.period)).toEqual(Array.from({ length: 12 }, (_, i) => shiftPeriod(current, -i)));
    expect(o.storage.quota_mb).toBeNull();
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.companyId, ctx.seed.companyId), eq(users.kind, 'staff'), eq(users.isActive, true)));
    expect(o.limits.company.used).toBe(n);
    expect(o.limits.projects.map((p) => p.id).sort()).toEqual([...ctx.seed.projectIds].sort());
  });

  it('counts distinct active users of a month from usage_user_days', async () => {
    const staff = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.seed.companyId), eq(users.kind, 'staff')));
    await ctx.db
      .delete(usageUserDays)
      .where(
        and(eq(usageUserDays.companyId, ctx.seed.companyId), sql`to_char(${usageUserDays.day}, 'YYYY-MM') = ${last}`),
      );
    await ctx.db.insert(usageUserDays).values([
      ...staff.slice(0, 3).map((u) => ({ companyId: ctx.seed.companyId, day: `${last}-02`, userId: u.id, events: 5 })),
      ...staff.slice(0, 2).map((u) => ({ companyId: ctx.seed.companyId, day: `${last}-09`, userId: u.id, events: 1 })),
      // Another company's day never counts here.
      { companyId: ctx.seed.otherCompanyId, day: `${last}-09`, userId: staff[4].id, events: 1 },
    ]);
    expect(month(await overview(), last).active_users).toBe(3);
  });

  it('counts the tickets created in a month', async () => {
    const period = shiftPeriod(current, -6);
    const before = month(await overview(), period).tickets;
    const moved = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.seed.companyId), ne(sql`to_char(${tickets.createdAt}, 'YYYY-MM')`, period)))
      .limit(2);
    expect(moved).toHaveLength(2);
    for (const t of moved)
      await ctx.db
        .update(tickets)
        .set({ createdAt: new Date(`${period}-15T15:00:00Z`) })
        .where(eq(tickets.id, t.id));
    expect(month(await overview(), period).tickets).toBe(before + 2);
  });

  it('storage is the uploaded files up to each month’s end, and `over` flags what passes the plan', async () => {
    const o1 = await overview();
    const file = (status: 'uploaded' | 'pending', n: number) => ({
      companyId: ctx.seed.companyId,
      path: `${ctx.seed.companyId}/billing-test/${status}-${n}.zip`,
      name: `respaldo-${n}.zip`,
      extension: 'zip',
      mime: 'application/zip',
      category: 'document',
      context: 'library',
      status,
      maxBytes: 4 * GB,
      size: 3 * GB,
      expiresAt: new Date(`${last}-10T15:00:00Z`),
      createdAt: new Date(`${last}-10T15:00:00Z`),
    });
    await ctx.db.insert(files).values([file('uploaded', 1), file('pending', 2)]);
    const o2 = await overview();
    expect(o2.storage.used_mb).toBe(o1.storage.used_mb + 3072);
    expect(month(o2, current).storage_mb).toBe(month(o1, current).storage_mb + 3072);
    expect(month(o2, last).storage_mb).toBe(month(o1, last).storage_mb + 3072);
    const before = shiftPeriod(last, -1);
    expect(month(o2, before).storage_mb).toBe(month(o1, before).storage_mb);

    // Quota 2 GB and a company limit of 2 active users: last month (3 users, 3 GB more) is over on both.
    await ctx.db.update(companies).set({ activeUserLimit: 2 }).where(eq(companies.id, ctx.seed.companyId));
    await ctx.db.update(projects).set({ activeUserLimit: 4 }).where(eq(projects.id, ctx.seed.projectIds[0]));
    const put = await providerCall(ctx, () => soporte)('PUT', `empresas/${ctx.seed.companyId}/plan`, {
      ...professionalPlan,
      storage_quota_mb: 2048,
    });
    expect(put.status, put.text).toBe(200);
    const o3 = await overview();
    expect(o3.plan).toMatchObject({ name: 'Plan Profesional', storage_quota_mb: 2048, currency: 'CLP' });
    expect(o3.storage.quota_mb).toBe(2048);
    expect(o3.limits.company.limit).toBe(2);
    expect(o3.limits.projects.find((p) => p.id === ctx.seed.projectIds[0])?.limit).toBe(4);
    expect(month(o3, last).over).toEqual(['active_users', 'storage_mb']);
    const oldest = o3.usage.at(-1)!;
    expect(oldest.active_users).toBeLessThanOrEqual(2);
    expect(oldest.storage_mb).toBeLessThanOrEqual(2048);
    expect(oldest.over).toEqual([]);
  });
});
