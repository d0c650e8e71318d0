/**
 * Billing (docs/product.md §1, §2 /billing with modulo_billing): the company's plan, what it used each month and the
 * invoices the provider issued for it. There is no payment gateway: the provider's support staff (RyR) set the plan,
 * issue a period's invoice and mark it paid from /tiinsights (docs/decisions.md D-284).
 */
import { COMPANY_MODULES, type CompanyModule } from './permission-catalogue.ts';

/** The route permission of /billing, the customer's side. */
export const BILLING_VIEW = 'modulo_billing';
/** The provider's support staff (a profile or group described 'ryr', docs/product.md §3): plans and payments. */
export const PROVIDER_STAFF = 'ryr';

/**
 * An invoice's state: issued until paid, overdue once its due date has passed unpaid. Only the payment is stored
 * (`paid_at`); the state is read from it and the due date with `invoiceState`, so it never goes stale.
 */
export const INVOICE_STATES = ['emitida', 'pagada', 'vencida'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** `today` and `dueDate` are ISO days (YYYY-MM-DD) in the company's time zone. */
export function invoiceState(paidAt: string | null, dueDate: string, today: string): InvoiceState {
  if (paidAt) return 'pagada';
  return dueDate < today ? 'vencida' : 'emitida';
}

/** What a month's usage counts (docs/product.md §6 user limit; storage quota; the two record kinds billed). */
export const USAGE_METRICS = ['active_users', 'storage_mb', 'tickets', 'deliveries'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** The lines an invoice can carry, in this order; their labels are billing.lines.<concept>. */
export const INVOICE_CONCEPTS = ['base', 'active_users', 'storage_overage'] as const;
export type InvoiceConcept = (typeof INVOICE_CONCEPTS)[number];

/** Modules a plan can include: the company modules (docs/product.md §4). */
export const PLAN_MODULES: readonly CompanyModule[] = COMPANY_MODULES;

export const BILLING_LIMITS = {
  /** Months of usage the billing screen shows, newest first. */
  usageMonths: 12,
  maxPrice: 1_000_000_000,
  maxStorageQuotaMb: 10_000_000,
  maxDueDays: 120,
  maxReference: 120,
  maxPlanName: 80,
} as const;

/** A billing period: one calendar month, 'YYYY-MM'. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month a day belongs to ('2026-12-03' → '2026-12'). */
export const periodOf = (day: string) => day.slice(0, 7);

/** Which of a month's figures go past the plan: active users over the company's limit, storage over the quota. */
export function overPlan(
  usage: { active_users: number; storage_mb: number },
  plan: { active_user_limit: number | null; storage_quota_mb: number | null },
): UsageMetric[] {
  const over: UsageMetric[] = [];
  if (plan.active_user_limit !== null && usage.active_users > plan.active_user_limit) over.push('active_users');
  if (plan.storage_quota_mb !== null && usage.storage_mb > plan.storage_quota_mb) over.push('storage_mb');
  return over;
}

/** What a plan charges (server/src/db/schema/billing.ts billing_plans): the base, per active user, per GB over quota. */
export type PlanPrices = {
  basePrice: number;
  pricePerUser: number;
  storageQuotaMb: number | null;
  storageOveragePrice: number;
};

/**
 * An invoice's lines from the plan and the month's figures, in INVOICE_CONCEPTS order: the base, the distinct active
 * users, and each started GB past the storage quota (only when there is one and it was passed).
 */
export function invoiceLines(plan: PlanPrices, usage: { active_users: number; storage_mb: number }) {
  const lines: { concept: InvoiceConcept; quantity: number; unit_price: number; amount: number }[] = [
    { concept: 'base', quantity: 1, unit_price: plan.basePrice, amount: plan.basePrice },
    {
      concept: 'active_users',
      quantity: usage.active_users,
      unit_price: plan.pricePerUser,
      amount: usage.active_users * plan.pricePerUser,
    },
  ];
  if (plan.storageQuotaMb !== null && usage.storage_mb > plan.storageQuotaMb) {
    const gb = Math.ceil((usage.storage_mb - plan.storageQuotaMb) / 1024);
    lines.push({
      concept: 'storage_overage',
      quantity: gb,
      unit_price: plan.storageOveragePrice,
      amount: gb * plan.storageOveragePrice,
    });
  }
  return lines;
}
