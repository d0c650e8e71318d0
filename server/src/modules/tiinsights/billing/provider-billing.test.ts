import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { billingOverviewSchema } from '#domain/billing-responses';
import { auditLog, billingInvoices, billingPlans } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';

/**
 * The provider's billing in /tiinsights (docs/api.md, Billing): only its support staff (ryr) reach it, for any
 * company; the plan is validated per field and audited in that company's log; the customer's side stays scoped.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of ['admin', 'gerente', 'ejecutivo', 'soporte', 'otra']) cookies[u] = await ctx.login(u);
  await clearBilling(ctx, [ctx.seed.otherCompanyId]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const professionalPlan = {
  name: 'Plan Profesional',
  modules: ['postventa', 'entregas', 'billing'],
  base_price: 450000,
  price_per_user: 12000,
  storage_quota_mb: 20480,
  storage_overage_price: 5000,
  due_days: 30,
};

/** Removes the seeded plans and invoices of these companies (server/src/db/seed-billing.ts). */
async function clearBilling(ctx: TestContext, companyIds: number[]) {
  await ctx.db.delete(billingInvoices).where(inArray(billingInvoices.companyId, companyIds));
  await ctx.db.delete(billingPlans).where(inArray(billingPlans.companyId, companyIds));
}

const invoicesOf = (companyId: number) =>
  ctx.db.select().from(billingInvoices).where(eq(billingInvoices.companyId, companyId));

const as = (user: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  ctx.request(method, `tiinsights/${path}`, { cookie: cookies[user], body, headers });

describe('provider billing', () => {
  it('gerente (modulo_billing) reads /facturacion, ejecutivo (without it) is refused', async () => {
    expect((await ctx.request('GET', 'facturacion', { cookie: cookies.gerente })).status).toBe(200);
    expect((await ctx.request('GET', 'facturacion', { cookie: cookies.ejecutivo })).status).toBe(403);
  });

  it('every provider route refuses the company admin (no ryr) and answers soporte', async () => {
    const [invoice] = await invoicesOf(ctx.seed.companyId);
    const routes = [
      ['GET', `empresas/${ctx.seed.companyId}/facturacion`, undefined],
      ['PUT', `empresas/${ctx.seed.companyId}/plan`, professionalPlan],
      ['POST', `empresas/${ctx.seed.companyId}/facturas`, { period: invoice.period }],
      ['POST', `facturas/${invoice.id}/pago`, { paid_on: '2026-01-05' }],
      ['GET', `facturas/${invoice.id}/pdf`, undefined],
    ] as const;
    for (const [method, path, body] of routes) expect((await as('admin')(method, path, body)).status, path).toBe(403);
    const read = await as('soporte')('GET', `empresas/${ctx.seed.companyId}/facturacion`);
    expect(read.status).toBe(200);
    expect(billingOverviewSchema.parse(read.json.data).invoices.length).toBeGreaterThan(0);
    expect((await as('soporte')('GET', `facturas/${invoice.id}/pdf`)).status).toBe(200);
  });

  it('an unknown company or invoice is a 404', async () => {
    expect((await as('soporte')('GET', 'empresas/999999/facturacion')).status).toBe(404);
    expect((await as('soporte')('PUT', 'empresas/999999/plan', professionalPlan)).status).toBe(404);
    expect((await as('soporte')('POST', 'empresas/999999/facturas', { period: '2026-01' })).status).toBe(404);
    expect((await as('soporte')('GET', 'facturas/999999/pdf')).status).toBe(404);
  });

  it('sets another company’s plan, audited in that company’s log with before and after', async () => {
    const put = (body: unknown) => as('soporte')('PUT', `empresas/${ctx.seed.otherCompanyId}/plan`, body);
    const first = await put({ ...professionalPlan, storage_quota_mb: '' });
    expect(first.status, first.text).toBe(200);
    const o = billingOverviewSchema.strict().parse(first.json.data);
    expect(o.company.id).toBe(ctx.seed.otherCompanyId);
    expect(o.plan).toMatchObject({ name: 'Plan Profesional', storage_quota_mb: null, base_price: 450000 });
    expect((await put({ ...professionalPlan, base_price: 500000 })).status).toBe(200);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, ctx.seed.otherCompanyId), eq(auditLog.entityType, 'billing_plan')));
    expect(audits.map((a) => a.action).sort()).toEqual(['created', 'updated']);
    const updated = audits.find((a) => a.action === 'updated')!;
    expect(updated.before).toMatchObject({ base_price: 450000 });
    expect(updated.after).toMatchObject({ base_price: 500000 });
  });

  it('a bad plan is a 422 per field in the caller’s language, and nothing is written', async () => {
    const [before] = await ctx.db
      .select()
      .from(billingPlans)
      .where(eq(billingPlans.companyId, ctx.seed.otherCompanyId));
    const res = await as('soporte')(
      'PUT',
      `empresas/${ctx.seed.otherCompanyId}/plan`,
      { ...professionalPlan, base_price: -1, modules: ['nada'], name: '', due_days: 0 },
      { 'Accept-Language': 'pt-BR' },
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields).sort()).toEqual(['base_price', 'due_days', 'modules.0', 'name']);
    expect(res.json.fields.base_price).toMatch(/mínimo/);
    const [after] = await ctx.db.select().from(billingPlans).where(eq(billingPlans.companyId, ctx.seed.otherCompanyId));
    expect(after).toEqual(before);
  });

  it('another company’s invoice: its admin gets it, the demo admin gets a 404', async () => {
    const issued = await as('soporte')('POST', `empresas/${ctx.seed.otherCompanyId}/facturas`, { period: '2026-01' });
    expect(issued.status, issued.text).toBe(201);
    const path = `facturacion/facturas/${issued.json.data.id}/pdf`;
    expect((await ctx.request('GET', path, { cookie: cookies.admin })).status).toBe(404);
    expect((await ctx.request('GET', path, { cookie: cookies.otra })).status).toBe(200);
  });
});
