import { and, eq } from 'drizzle-orm';
import { invoiceLines, periodOf } from '#domain/billing';
import type { InvoiceIssueInput, InvoicePaymentInput } from '#domain/schemas/billing';
import type { SessionUser } from '../../../http/context.ts';
import type { Db } from '../../../db/client.ts';
import { billingInvoices, billingPlans } from '../../../db/schema/index.ts';
import { conflict, notFound, unprocessable } from '../../../lib/errors.ts';
import { recordAudit } from '../../config/service.ts';
import { invoiceRow } from '../overview/overview.ts';
import { monthlyUsage } from '../overview/usage.ts';
import { companyCalendar } from '../shared/today.ts';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The provider issues a period's invoice (docs/decisions.md D-284): one per company and month, never in advance. */
export async function issueInvoice(db: Db, provider: SessionUser, companyId: number, input: InvoiceIssueInput) {
  const { tz, today } = await companyCalendar(db, companyId);
  if (input.period > periodOf(today))
    throw unprocessable([{ field: 'period', key: 'billing.errors.period_not_started' }]);
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.companyId, companyId));
  if (!plan) throw conflict('billing.errors.no_plan');
  const usage = (await monthlyUsage(db, companyId, [input.period], tz)).get(input.period)!;
  const lines = invoiceLines(plan, usage);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: billingInvoices.id })
      .from(billingInvoices)
      .where(and(eq(billingInvoices.companyId, companyId), eq(billingInvoices.period, input.period)));
    if (taken) throw conflict('billing.errors.period_invoiced', { period: input.period });
    const [invoice] = await tx
      .insert(billingInvoices)
      .values({
        companyId,
        number: `${input.period}-${String(companyId).padStart(4, '0')}`,
        period: input.period,
        dueDate: addDays(today, plan.dueDays),
        currency: plan.currency,
        total: lines.reduce((sum, l) => sum + l.amount, 0),
        lines,
        usage,
        issuedBy: provider.id,
      })
      .returning();
    await recordAudit(
      tx,
      { companyId, userId: provider.id },
      {
        entity: 'invoice',
        entityId: invoice.id,
        action: 'issued',
        after: { number: invoice.number, total: invoice.total },
      },
    );
    return invoiceRow(invoice, today);
  });
}

/** The provider records a payment: the day it arrived and its reference. An invoice is paid once. */
export async function payInvoice(db: Db, provider: SessionUser, invoiceId: number, input: InvoicePaymentInput) {
  const [invoice] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, invoiceId));
  if (!invoice) throw notFound();
  if (invoice.paidOn) throw conflict('billing.errors.already_paid', { number: invoice.number });
  const { today } = await companyCalendar(db, invoice.companyId);
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(billingInvoices)
      .set({ paidOn: input.paid_on, reference: input.reference ?? null, paidBy: provider.id })
      .where(eq(billingInvoices.id, invoiceId))
      .returning();
    await recordAudit(
      tx,
      { companyId: invoice.companyId, userId: provider.id },
      {
        entity: 'invoice',
        entityId: invoiceId,
        action: 'paid',
        before: { paid_on: null },
        after: { paid_on: paid.paidOn, reference: paid.reference },
      },
    );
    return invoiceRow(paid, today);
  });
}
