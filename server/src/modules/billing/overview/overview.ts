import { desc, eq } from 'drizzle-orm';
import { BILLING_LIMITS, invoiceState, overPlan, periodOf } from '#domain/billing';
import type { BillingOverview, InvoiceRow, PlanView } from '#domain/billing-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { billingInvoices, billingPlans } from '../../../db/schema/index.ts';
import { userLimits } from '../../config/service.ts';
import { companyCalendar, monthsBack } from '../shared/today.ts';
import { monthlyUsage, storageUsedMb } from './usage.ts';

type PlanRecord = typeof billingPlans.$inferSelect;
type InvoiceRecord = typeof billingInvoices.$inferSelect;

export function planView(plan: PlanRecord): PlanView {
  return {
    name: plan.name,
    modules: plan.modules,
    currency: plan.currency,
    base_price: plan.basePrice,
    price_per_user: plan.pricePerUser,
    storage_quota_mb: plan.storageQuotaMb,
    storage_overage_price: plan.storageOveragePrice,
    due_days: plan.dueDays,
    updated_at: plan.updatedAt.toISOString(),
  };
}

export function invoiceRow(invoice: InvoiceRecord, today: string): InvoiceRow {
  return {
    id: invoice.id,
    number: invoice.number,
    period: invoice.period,
    issued_at: invoice.issuedAt.toISOString(),
    due_date: invoice.dueDate,
    state: invoiceState(invoice.paidOn, invoice.dueDate, today),
    currency: invoice.currency,
    total: invoice.total,
    lines: invoice.lines,
    usage: invoice.usage,
    paid_on: invoice.paidOn,
    reference: invoice.reference,
  };
}

/** GET /facturacion (and the provider's view of a company): plan, limits, storage, twelve months, invoices. */
export async function billingOverview(db: DbOrTx, companyId: number, now = new Date()): Promise<BillingOverview> {
  const { company, tz, today } = await companyCalendar(db, companyId, now);
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.companyId, companyId));
  const limits = await userLimits(db, companyId, false);
  const periods = monthsBack(periodOf(today), BILLING_LIMITS.usageMonths);
  const usage = await monthlyUsage(db, companyId, periods, tz);
  const invoices = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.companyId, companyId))
    .orderBy(desc(billingInvoices.period));
  const quota = plan?.storageQuotaMb ?? null;
  const scoped = (l: { id: number; name: string; limit: number | null; active: number }) => ({
    id: l.id,
    name: l.name,
    limit: l.limit,
    used: l.active,
  });
  return {
    company: { id: company.id, name: company.name },
    plan: plan ? planView(plan) : null,
    limits: {
      company: { limit: limits.company.limit, used: limits.company.active },
      groups: limits.groups.map(scoped),
      projects: limits.projects.map(scoped),
    },
    storage: { used_mb: await storageUsedMb(db, companyId), quota_mb: quota },
    usage: periods.map((period) => {
      const figures = usage.get(period)!;
      return {
        period,
        ...figures,
        over: overPlan(figures, { active_user_limit: limits.company.limit, storage_quota_mb: quota }),
      };
    }),
    invoices: invoices.map((i) => invoiceRow(i, today)),
  };
}
