import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CompanyModule } from '#domain/permission-catalogue';
import { invoiceLines, periodOf } from '#domain/billing';
import type { UsageFigures } from '#domain/billing-responses';
import type { Tx } from './client.ts';
import {
  billingInvoices,
  billingPlans,
  companies,
  deliveryFichas,
  files,
  moduleStatus,
  tickets,
  users,
} from './schema/index.ts';
import { countryTimezone } from '../lib/time-zones.ts';

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

/**
 * The demo's billing (domain/billing.ts, docs/decisions.md D-284): the demo company's "Plan Profesional" over the
 * modules it uses, and the invoices of its last three whole months — the oldest paid, the next overdue, last month's
 * issued and not yet due; the other company a smaller plan and last month's invoice. Each invoice is priced as
 * server/src/modules/billing/invoices/issue.ts prices one (base, active users, started GB over the quota) from the
 * month's tickets, deliveries and storage as the seed left them; its active users are the company's staff, since
 * usage_user_days is seeded after this (server/src/db/seed-insights.ts).
 */
export async function seedBilling(tx: Tx, input: { companyId: number; otherCompanyId: number; now: Date }) {
  const { companyId, otherCompanyId, now } = input;
  const active = await tx
    .select({ module: moduleStatus.module })
    .from(moduleStatus)
    .where(and(eq(moduleStatus.companyId, companyId), eq(moduleStatus.status, 'activo')));
  const [demoPlan, otherPlan] = await tx
    .insert(billingPlans)
    .values([
      {
        companyId,
        name: 'Plan Profesional',
        modules: [...active.map((m) => m.module as CompanyModule), 'billing', 'insights'],
        basePrice: 450_000,
        pricePerUser: 12_000,
        storageQuotaMb: 20_480,
        storageOveragePrice: 5_000,
        dueDays: 30,
      },
      {
        companyId: otherCompanyId,
        name: 'Plan Inicial',
        modules: ['postventa', 'entregas'],
        basePrice: 180_000,
        pricePerUser: 9_000,
        storageQuotaMb: 5_120,
        storageOveragePrice: 6_000,
        dueDays: 15,
      },
    ])
    .returning();

  const invoices: (typeof billingInvoices.$inferInsert)[] = [];
  for (const [plan, states] of [
    [demoPlan, ['pagada', 'vencida', 'emitida']],
    [otherPlan, ['emitida']],
  ] as const) {
    const [company] = await tx.select().from(companies).where(eq(companies.id, plan.companyId));
    const tz = countryTimezone(company.country);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
    const [{ staff }] = await tx
      .select({ staff: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.companyId, plan.companyId), eq(users.kind, 'staff'), isNull(users.deletedAt)));
    for (const [i, state] of states.entries()) {
      const period = shiftPeriod(periodOf(today), i - states.length);
      // Issued on the first day of the next month, 10:00 in Chile.
      const issuedOn = `${shiftPeriod(period, 1)}-01`;
      let dueDate = shiftDay(issuedOn, plan.dueDays);
      // On the first days of a month the overdue one's due date may not have passed yet: keep the demo's case.
      if (state === 'vencida' && dueDate >= today) dueDate = shiftDay(today, -1);
      const usage = {
        ...(await monthFigures(tx, plan.companyId, period, tz)),
        active_users: Math.max(1, staff - (states.length - 1 - i)),
      };
      const lines = invoiceLines(plan, usage);
      invoices.push({
        companyId: plan.companyId,
        number: `${period}-${String(plan.companyId).padStart(4, '0')}`,
        period,
        issuedAt: new Date(`${issuedOn}T13:00:00Z`),
        dueDate,
        currency: plan.currency,
        total: lines.reduce((sum, l) => sum + l.amount, 0),
        lines,
        usage,
        paidOn: state === 'pagada' ? shiftDay(issuedOn, 12) : null,
        reference: state === 'pagada' ? `TRF-${period.replace('-', '')}-0457` : null,
      });
    }
  }
  await tx.insert(billingInvoices).values(invoices);
}

/** Tickets created and deliveries recorded in the month, and the storage uploaded before it ended (in `tz`). */
async function monthFigures(tx: Tx, companyId: number, period: string, tz: string): Promise<UsageFigures> {
  const from = sql`(${`${period}-01`}::date)::timestamp at time zone ${tz}`;
  const to = sql`(${`${shiftPeriod(period, 1)}-01`}::date)::timestamp at time zone ${tz}`;
  const count = sql<number>`count(*)::int`;
  const [t] = await tx
    .select({ n: count })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), gte(tickets.createdAt, from), lt(tickets.createdAt, to)));
  const [d] = await tx
    .select({ n: count })
    .from(deliveryFichas)
    .where(
      and(
        eq(deliveryFichas.companyId, companyId),
        gte(deliveryFichas.deliveryRecordedAt, from),
        lt(deliveryFichas.deliveryRecordedAt, to),
      ),
    );
  const [f] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.status, 'uploaded'), lt(files.createdAt, to)));
  return { active_users: 0, storage_mb: Math.round(Number(f.bytes) / MB), tickets: t.n, deliveries: d.n };
}

function shiftPeriod(period: string, months: number): string {
  const [y, m] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
