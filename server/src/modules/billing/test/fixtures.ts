import { inArray } from 'drizzle-orm';
import { billingInvoices, billingPlans } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';
import { companyCalendar } from '../shared/today.ts';

/** The demo's plan (server/src/db/seed-billing.ts) as the provider sends it (domain/schemas/billing.ts planSchema). */
export const professionalPlan = {
  name: 'Plan Profesional',
  modules: ['postventa', 'entregas', 'billing'],
  base_price: 450000,
  price_per_user: 12000,
  storage_quota_mb: 20480,
  storage_overage_price: 5000,
  due_days: 30,
};

/** Removes the seeded plans and invoices of these companies, so a test counts only what it writes. */
export async function clearBilling(ctx: TestContext, companyIds: number[]) {
  await ctx.db.delete(billingInvoices).where(inArray(billingInvoices.companyId, companyIds));
  await ctx.db.delete(billingPlans).where(inArray(billingPlans.companyId, companyIds));
}

/** The company's today (YYYY-MM-DD, in its time zone). */
export const todayOf = async (ctx: TestContext, companyId: number) => (await companyCalendar(ctx.db, companyId)).today;

/** A call to the provider's billing routes in /tiinsights. */
export const providerCall =
  (ctx: TestContext, cookie: () => string) =>
  (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    ctx.request(method, `tiinsights/${path}`, { cookie: cookie(), body, headers });
