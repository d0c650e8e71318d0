import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import { billingOverviewSchema, invoiceRowSchema, type BillingOverview } from '#domain/billing-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The Billing answers (docs/api.md, Billing) against domain/billing-responses.ts, on the demo's plans and invoices
 * (server/src/db/seed-billing.ts) plus an invoice issued and paid here: each answer must parse, and parse to itself,
 * so a field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let admin: string;
let soporte: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, soporte] = await Promise.all([ctx.login('admin'), ctx.login('soporte')]);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function expectAnswer(schema: z.ZodType, cookie: string, method: string, path: string, body?: unknown) {
  const res = await ctx.request(method, path, { cookie, body });
  expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json;
}

describe('Billing answers match their response schemas', () => {
  it('the customer’s overview, with the seeded plan and an invoice in every state', async () => {
    const { data } = (await expectAnswer(dataOf(billingOverviewSchema), admin, 'GET', 'facturacion')) as {
      data: BillingOverview;
    };
    expect(data.plan?.name).toBe('Plan Profesional');
    expect(data.usage).toHaveLength(12);
    expect(data.invoices.map((i) => i.state).sort()).toEqual(['emitida', 'pagada', 'vencida']);
  });

  it('the provider’s overview of each company, a plan saved, an invoice issued and paid', async () => {
    const other = ctx.seed.otherCompanyId;
    const { data } = (await expectAnswer(
      dataOf(billingOverviewSchema),
      soporte,
      'GET',
      `tiinsights/empresas/${other}/facturacion`,
    )) as { data: BillingOverview };
    expect(data.plan?.name).toBe('Plan Inicial');
    expect(data.invoices).toHaveLength(1);
    await expectAnswer(dataOf(billingOverviewSchema), soporte, 'PUT', `tiinsights/empresas/${other}/plan`, {
      name: 'Plan Inicial',
      modules: ['postventa'],
      base_price: 180000,
      price_per_user: 9000,
      storage_quota_mb: 5120,
      storage_overage_price: 6000,
      due_days: 15,
    });
    const issued = await expectAnswer(
      dataOf(invoiceRowSchema),
      soporte,
      'POST',
      `tiinsights/empresas/${other}/facturas`,
      {
        period: '2026-01',
      },
    );
    await expectAnswer(dataOf(invoiceRowSchema), soporte, 'POST', `tiinsights/facturas/${issued.data.id}/pago`, {
      paid_on: '2026-02-10',
      reference: 'TRF-1',
    });
    await expectAnswer(dataOf(billingOverviewSchema), admin, 'GET', 'facturacion');
  });
});
