import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { periodOf } from '#domain/billing';
import { billingOverviewSchema, invoiceRowSchema } from '#domain/billing-responses';
import { auditLog, billingInvoices, usageUserDays, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { companyCalendar, shiftPeriod } from './shared/today.ts';

/** docs/api.md Billing: the customer's /facturacion and the provider's side in /tiinsights, through the real routes. */
let ctx: TestContext;
let admin: string;
let gerente: string;
let ejecutivo: string;
let soporte: string;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, gerente, ejecutivo, soporte] = await Promise.all(
    ['admin', 'gerente', 'ejecutivo', 'soporte'].map((u) => ctx.login(u)),
  );
  today = (await companyCalendar(ctx.db, ctx.seed.companyId)).today;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const provider = (method: string, path: string, body?: unknown, cookie = soporte) =>
  ctx.request(method, `tiinsights/${path}`, { cookie, body });

const plan = {
  name: 'Plan Profesional',
  modules: ['postventa', 'entregas'],
  base_price: 450000,
  price_per_user: 12000,
  storage_quota_mb: 0,
  storage_overage_price: 5000,
  due_days: 30,
};

describe('billing (docs/decisions.md D-284)', () => {
  it('without a plan the company sees its limits and months, and no plan', async () => {
    const res = await ctx.request('GET', 'facturacion', { cookie: gerente });
    expect(res.status, res.text).toBe(200);
    const overview = billingOverviewSchema.strict().parse(res.json.data);
    expect(overview.company.id).toBe(ctx.seed.companyId);
    expect(overview.usage).toHaveLength(12);
    expect(overview.usage[0].period).toBe(periodOf(today));
    expect(overview.limits.company.used).toBeGreaterThan(0);
  });

  it('counts a month’s distinct active users from the user days, and flags what is over the plan', async () => {
    const staff = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.seed.companyId), eq(users.kind, 'staff')));
    const last = shiftPeriod(periodOf(today), -1);
    await ctx.db
      .insert(usageUserDays)
      .values([
        ...staff
          .slice(0, 3)
          .map((u) => ({ companyId: ctx.seed.companyId, day: `${last}-02`, userId: u.id, events: 5 })),
        ...staff
          .slice(0, 2)
          .map((u) => ({ companyId: ctx.seed.companyId, day: `${last}-09`, userId: u.id, events: 1 })),
      ]);
    const put = await provider('PUT', `empresas/${ctx.seed.companyId}/plan`, plan);
    expect(put.status, put.text).toBe(200);
    const overview = billingOverviewSchema.parse(put.json.data);
    expect(overview.plan?.name).toBe('Plan Profesional');
    const month = overview.usage.find((u) => u.period === last)!;
    expect(month.active_users).toBe(3);
    if (month.storage_mb > 0) expect(month.over).toContain('storage_mb');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, ctx.seed.companyId), eq(auditLog.entityType, 'billing_plan')));
    expect(audit.action).toBe('created');
  });

  it('issues a period’s invoice once, from the plan and the month; then records its payment once', async () => {
    const last = shiftPeriod(periodOf(today), -1);
    const issued = await provider('POST', `empresas/${ctx.seed.companyId}/facturas`, { period: last });
    expect(issued.status, issued.text).toBe(201);
    const invoice = invoiceRowSchema.strict().parse(issued.json.data);
    expect(invoice.state).toBe('emitida');
    expect(invoice.lines[0]).toEqual({ concept: 'base', quantity: 1, unit_price: 450000, amount: 450000 });
    expect(invoice.lines[1]).toEqual({ concept: 'active_users', quantity: 3, unit_price: 12000, amount: 36000 });
    expect(invoice.total).toBe(invoice.lines.reduce((s, l) => s + l.amount, 0));
    expect(invoice.number).toBe(`${last}-${String(ctx.seed.companyId).padStart(4, '0')}`);

    const again = await provider('POST', `empresas/${ctx.seed.companyId}/facturas`, { period: last });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain(last);
    const future = await provider('POST', `empresas/${ctx.seed.companyId}/facturas`, {
      period: shiftPeriod(periodOf(today), 1),
    });
    expect(future.status).toBe(422);
    expect(future.json.fields.period).toMatch(/período/);
    const noPlan = await provider('POST', `empresas/${ctx.seed.otherCompanyId}/facturas`, { period: last });
    expect(noPlan.status).toBe(409);

    const paid = await provider('POST', `facturas/${invoice.id}/pago`, { paid_on: today, reference: 'TRF-991' });
    expect(paid.status, paid.text).toBe(200);
    expect(invoiceRowSchema.parse(paid.json.data)).toMatchObject({
      state: 'pagada',
      paid_on: today,
      reference: 'TRF-991',
    });
    expect((await provider('POST', `facturas/${invoice.id}/pago`, { paid_on: today })).status).toBe(409);

    const pdf = await ctx.request('GET', `facturacion/facturas/${invoice.id}/pdf`, { cookie: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
  });

  it('an unpaid invoice past its due date reads overdue', async () => {
    const period = shiftPeriod(periodOf(today), -2);
    const res = await provider('POST', `empresas/${ctx.seed.companyId}/facturas`, { period });
    expect(res.status, res.text).toBe(201);
    await ctx.db.update(billingInvoices).set({ dueDate: '2020-01-31' }).where(eq(billingInvoices.id, res.json.data.id));
    const overview = billingOverviewSchema.parse(
      (await ctx.request('GET', 'facturacion', { cookie: admin })).json.data,
    );
    expect(overview.invoices.find((i) => i.id === res.json.data.id)?.state).toBe('vencida');
  });

  it('bad input is a 422 per field in the caller’s language, and nothing is written', async () => {
    const res = await ctx.request('PUT', `tiinsights/empresas/${ctx.seed.companyId}/plan`, {
      cookie: soporte,
      body: { ...plan, base_price: -1, modules: ['nada'], name: '' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields).sort()).toEqual(['base_price', 'modules.0', 'name']);
    expect(res.json.fields.base_price).toMatch(/mínimo/);
  });

  it('permissions and scope: modulo_billing reads, the provider writes, another company’s invoice is a 404', async () => {
    expect((await ctx.request('GET', 'facturacion', { cookie: ejecutivo })).status).toBe(403);
    for (const [method, path] of [
      ['GET', `empresas/${ctx.seed.companyId}/facturacion`],
      ['PUT', `empresas/${ctx.seed.companyId}/plan`],
      ['POST', `empresas/${ctx.seed.companyId}/facturas`],
    ] as const)
      expect((await provider(method, path, method === 'GET' ? undefined : {}, admin)).status).toBe(403);
    expect((await provider('GET', 'empresas/999999/facturacion')).status).toBe(404);
    const period = shiftPeriod(periodOf(today), -1);
    await provider('PUT', `empresas/${ctx.seed.otherCompanyId}/plan`, plan);
    const foreign = await provider('POST', `empresas/${ctx.seed.otherCompanyId}/facturas`, { period });
    expect(foreign.status, foreign.text).toBe(201);
    expect(
      (await ctx.request('GET', `facturacion/facturas/${foreign.json.data.id}/pdf`, { cookie: admin })).status,
    ).toBe(404);
    expect((await provider('GET', `facturas/${foreign.json.data.id}/pdf`)).status).toBe(200);
  });
});
