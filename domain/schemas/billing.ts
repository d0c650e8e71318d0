import { z } from 'zod';
import { BILLING_LIMITS, PERIOD_PATTERN, PLAN_MODULES } from '../billing.ts';
import { decimal, enumList, isoDate, optionalText, requiredText } from './common.ts';

/**
 * Request schemas of billing (domain/billing.ts; docs/api.md, Billing): what the provider's support staff send from
 * /tiinsights — a company's plan, a period's invoice and its payment. The customer's /billing only reads.
 */

const whole = (max: number) => decimal({ min: 0, max, decimals: 0 });
const wholeOrNone = (max: number) => decimal({ min: 0, max, decimals: 0, required: false });

/** A company's plan: its name, modules, prices (whole units of its currency) and storage quota. */
export const planSchema = z.object({
  name: requiredText({ max: BILLING_LIMITS.maxPlanName }),
  modules: enumList(PLAN_MODULES as unknown as readonly [string, ...string[]]),
  base_price: whole(BILLING_LIMITS.maxPrice),
  price_per_user: whole(BILLING_LIMITS.maxPrice),
  /** Megabytes; empty: no quota. */
  storage_quota_mb: wholeOrNone(BILLING_LIMITS.maxStorageQuotaMb),
  /** Price per started gigabyte over the quota. */
  storage_overage_price: whole(BILLING_LIMITS.maxPrice),
  /** Days from issue to due date. */
  due_days: decimal({ min: 1, max: BILLING_LIMITS.maxDueDays, decimals: 0 }),
});
export type PlanInput = z.infer<typeof planSchema>;

/** Issue the invoice of one period (a month already started); a period has at most one invoice. */
export const invoiceIssueSchema = z.object({
  period: z.string({ error: 'validation.required' }).regex(PERIOD_PATTERN, 'validation.invalid'),
});
export type InvoiceIssueInput = z.infer<typeof invoiceIssueSchema>;

/** Mark an invoice paid: the day the payment arrived and its reference (a transfer number). */
export const invoicePaymentSchema = z.object({
  paid_on: isoDate(),
  reference: optionalText({ max: BILLING_LIMITS.maxReference }),
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentSchema>;
