import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { invoiceState } from '#domain/billing';
import type { DbOrTx } from '../../../db/client.ts';
import { billingInvoices, billingPlans, companies, users } from '../../../db/schema/index.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';

/** A company as the health list names it, with its plan's name (server/src/db/schema/billing.ts billing_plans). */
export type CompanyAccount = { id: number; name: string; country: string; plan: string | null };

/** Every company (or those of `companyIds`) with its plan's name, by name. */
export async function companyAccounts(db: DbOrTx, companyIds?: number[]): Promise<CompanyAccount[]> {
  return db
    .select({ id: companies.id, name: companies.name, country: companies.country, plan: billingPlans.name })
    .from(companies)
    .leftJoin(billingPlans, eq(billingPlans.companyId, companies.id))
    .where(companyIds ? inArray(companies.id, companyIds) : undefined)
    .orderBy(companies.name, companies.id);
}

/**
 * Active staff accounts per company: staff, enabled, not deleted — the company count of the active-user limits
 * (server/src/modules/config/users/limits.ts activeStaff), for every company in one grouped query.
 */
export async function activeStaffByCompany(db: DbOrTx, companyIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ companyId: users.companyId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.kind, 'staff'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        companyIds ? inArray(users.companyId, companyIds) : undefined,
      ),
    )
    .groupBy(users.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

/**
 * Overdue invoices per company: unpaid ones whose due date has passed in the company's time zone (domain/billing.ts
 * invoiceState, the state the billing overview shows). One query for the unpaid invoices of all companies.
 */
export async function overdueInvoicesByCompany(
  db: DbOrTx,
  accounts: CompanyAccount[],
  now: Date,
): Promise<Map<number, number>> {
  const ids = accounts.map((a) => a.id);
  if (!ids.length) return new Map();
  const unpaid = await db
    .select({ companyId: billingInvoices.companyId, dueDate: billingInvoices.dueDate })
    .from(billingInvoices)
    .where(and(isNull(billingInvoices.paidOn), inArray(billingInvoices.companyId, ids)));
  const todayOf = new Map(
    accounts.map((a) => [a.id, new Intl.DateTimeFormat('en-CA', { timeZone: countryTimezone(a.country) }).format(now)]),
  );
  const overdue = new Map<number, number>();
  for (const invoice of unpaid)
    if (invoiceState(null, invoice.dueDate, todayOf.get(invoice.companyId)!) === 'vencida')
      overdue.set(invoice.companyId, (overdue.get(invoice.companyId) ?? 0) + 1);
  return overdue;
}
