import { z } from 'zod';
import { day, instant, refSchema } from './responses.ts';
import { INVOICE_CONCEPTS, INVOICE_STATES, PLAN_MODULES, USAGE_METRICS } from './billing.ts';

/**
 * What the billing routes answer (docs/api.md, Billing): the customer's GET /facturacion and the provider's view of
 * one company in /tiinsights share the overview; tests/contracts/ parses the real answers with these.
 */

const moduleEnum = z.enum(PLAN_MODULES as unknown as readonly [string, ...string[]]);

export const planViewSchema = z.object({
  name: z.string(),
  modules: z.array(moduleEnum),
  currency: z.string(),
  base_price: z.number(),
  price_per_user: z.number(),
  storage_quota_mb: z.number().nullable(),
  storage_overage_price: z.number(),
  due_days: z.number(),
  updated_at: instant,
});
export type PlanView = z.infer<typeof planViewSchema>;

/** An active-user limit and how much of it is taken (docs/product.md §6: company, project group, project). */
export const limitUseSchema = z.object({ limit: z.number().nullable(), used: z.number() });
export const scopedLimitSchema = refSchema.extend(limitUseSchema.shape);
export type ScopedLimit = z.infer<typeof scopedLimitSchema>;

export const usageFiguresSchema = z.object({
  active_users: z.number(),
  storage_mb: z.number(),
  tickets: z.number(),
  deliveries: z.number(),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

/** One month of usage, and which of its figures went past the plan. */
export const monthUsageSchema = usageFiguresSchema.extend({
  period: z.string(),
  over: z.array(z.enum(USAGE_METRICS)),
});
export type MonthUsage = z.infer<typeof monthUsageSchema>;

export const invoiceLineSchema = z.object({
  concept: z.enum(INVOICE_CONCEPTS),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  period: z.string(),
  issued_at: instant,
  due_date: day,
  state: z.enum(INVOICE_STATES),
  currency: z.string(),
  total: z.number(),
  lines: z.array(invoiceLineSchema),
  /** The month's figures as they stood when the invoice was issued. */
  usage: usageFiguresSchema,
  paid_on: day.nullable(),
  reference: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** GET /facturacion: what the company pays for, what it used and what it was invoiced. */
export const billingOverviewSchema = z.object({
  company: refSchema,
  plan: planViewSchema.nullable(),
  limits: z.object({
    company: limitUseSchema,
    groups: z.array(scopedLimitSchema),
    projects: z.array(scopedLimitSchema),
  }),
  storage: z.object({ used_mb: z.number(), quota_mb: z.number().nullable() }),
  /** The last BILLING_LIMITS.usageMonths months, newest first (the current month so far included). */
  usage: z.array(monthUsageSchema),
  invoices: z.array(invoiceRowSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
