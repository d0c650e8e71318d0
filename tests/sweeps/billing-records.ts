import { asc, eq } from 'drizzle-orm';
import { billingInvoices, dataExports } from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/**
 * The billing and internal-insights records a route parameter may stand for; `tenant` is a company the provider's
 * staff name, `dataExport` one of its data exports.
 */
export type BillingSamples = { invoice?: number; tenant?: number; dataExport?: number };

/** `kindOf` for billing's and the provider's parameters (server/src/modules/billing/, tiinsights/). */
export const BILLING_PARAM_KINDS = { invoiceId: 'invoice', companyId: 'tenant', exportId: 'dataExport' } as const;

/** The company's first invoice and data export, and the company itself as the provider's routes name it. */
export async function billingSamplesIn(ctx: TestContext, companyId: number): Promise<BillingSamples> {
  const [invoice] = await ctx.db
    .select({ id: billingInvoices.id })
    .from(billingInvoices)
    .where(eq(billingInvoices.companyId, companyId))
    .orderBy(asc(billingInvoices.id))
    .limit(1);
  const [dataExport] = await ctx.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.companyId, companyId))
    .orderBy(asc(dataExports.id))
    .limit(1);
  return { invoice: invoice?.id, tenant: companyId, dataExport: dataExport?.id };
}

/**
 * An invoice and a data export of the company (its first, else one written straight to the table), so every invoice
 * and export route reaches one.
 */
export async function billingRecordsIn(ctx: TestContext, at: { companyId: number }): Promise<BillingSamples> {
  const { companyId } = at;
  const found = await billingSamplesIn(ctx, companyId);
  if (found.dataExport === undefined) {
    const [dataExport] = await ctx.db
      .insert(dataExports)
      .values({ companyId, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: dataExports.id });
    found.dataExport = dataExport.id;
  }
  if (found.invoice !== undefined) return found;
  const [invoice] = await ctx.db
    .insert(billingInvoices)
    .values({
      companyId,
      number: `2020-01-${String(companyId).padStart(4, '0')}`,
      period: '2020-01',
      dueDate: '2020-01-31',
      currency: 'CLP',
      total: 1000,
      lines: [{ concept: 'base', quantity: 1, unit_price: 1000, amount: 1000 }],
      usage: { active_users: 0, storage_mb: 0, tickets: 0, deliveries: 0 },
    })
    .returning();
  return { ...found, invoice: invoice.id };
}
