import { date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CompanyModule } from '#domain/permission-catalogue';
import type { InvoiceLine, UsageFigures } from '#domain/billing-responses';
import { companies, companyId, users } from './core.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

/**
 * Billing (domain/billing.ts): one plan per company, set by the provider's support staff, and the invoices issued per
 * period. Amounts are whole units of the plan's currency. An invoice keeps the lines and the month's figures it was
 * computed from, so a later change of plan or usage never rewrites an issued invoice.
 */

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export const billingPlans = pgTable('billing_plans', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  modules: jsonb('modules').$type<CompanyModule[]>().notNull(),
  currency: text('currency').notNull().default('CLP'),
  basePrice: integer('base_price').notNull(),
  pricePerUser: integer('price_per_user').notNull(),
  /** Null: no quota. */
  storageQuotaMb: integer('storage_quota_mb'),
  storageOveragePrice: integer('storage_overage_price').notNull().default(0),
  dueDays: integer('due_days').notNull().default(30),
  updatedBy: userRef('updated_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: id(),
    companyId: companyId(),
    /** `<period>-<company id>`, e.g. 2026-11-0001: unique, and readable on a bank transfer. */
    number: text('number').notNull(),
    /** 'YYYY-MM'. */
    period: text('period').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    total: integer('total').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    usage: jsonb('usage').$type<UsageFigures>().notNull(),
    paidOn: date('paid_on', { mode: 'string' }),
    reference: text('reference'),
    issuedBy: userRef('issued_by'),
    paidBy: userRef('paid_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_invoices_company_period_uq').on(t.companyId, t.period),
    uniqueIndex('billing_invoices_number_uq').on(t.number),
  ],
);
