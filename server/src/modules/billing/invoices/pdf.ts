import { eq } from 'drizzle-orm';
import { formatDate, formatNumber } from '#domain/format';
import type { Db } from '../../../db/client.ts';
import { billingInvoices } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { PdfWriter } from '../../../lib/pdf-writer.ts';
import { invoiceRow } from '../overview/overview.ts';
import { companyCalendar } from '../shared/today.ts';

/**
 * One invoice as a PDF, drawn on request from its row (lines and the usage snapshot it was issued with). `companyId`
 * scopes the customer's route to their own invoices; the provider's passes none.
 */
export async function invoicePdf(db: Db, t: Translate, invoiceId: number, companyId?: number) {
  const [invoice] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, invoiceId));
  if (!invoice || (companyId !== undefined && invoice.companyId !== companyId)) throw notFound();
  const { company, today } = await companyCalendar(db, invoice.companyId);
  const row = invoiceRow(invoice, today);
  const label = (key: string) => t(`billing.pdf.${key}`);
  const money = (n: number) => `${row.currency} ${formatNumber(n)}`;

  const pdf = await PdfWriter.create();
  await pdf.header(`${label('title')} ${row.number}`, company.name);
  pdf.pairs([
    [label('company'), company.name],
    [label('number'), row.number],
    [label('period'), row.period],
    [label('issued_on'), formatDate(row.issued_at.slice(0, 10))],
    [label('due_date'), formatDate(row.due_date)],
    [label('state'), t(`billing.states.${row.state}`)],
  ]);
  pdf.section(label('lines'));
  pdf.table(
    [label('concept'), label('quantity'), label('unit_price'), label('amount')],
    row.lines.map((l) => [
      t(`billing.lines.${l.concept}`),
      formatNumber(l.quantity),
      money(l.unit_price),
      money(l.amount),
    ]),
    [0.4, 0.15, 0.2, 0.25],
  );
  pdf.line(`${label('total')}: ${money(row.total)}`);
  pdf.section(label('usage'));
  pdf.pairs([
    [t('billing.metrics.active_users'), formatNumber(row.usage.active_users)],
    [t('billing.metrics.storage_mb'), formatNumber(row.usage.storage_mb)],
    [t('billing.metrics.tickets'), formatNumber(row.usage.tickets)],
    [t('billing.metrics.deliveries'), formatNumber(row.usage.deliveries)],
  ]);
  if (row.paid_on) pdf.line(`${label('paid_on')}: ${formatDate(row.paid_on)} ${row.reference ?? ''}`.trim());
  return { bytes: await pdf.save(), filename: `factura-${row.number}.pdf` };
}
