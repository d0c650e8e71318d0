import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { periodOf } from '#domain/billing';
import { billingOverviewSchema, invoiceRowSchema } from '#domain/billing-responses';
import { formatNumber } from '#domain/format';
import { API_V2 } from '../../../app.ts';
import { auditLog, billingInvoices, files, usageUserDays, users } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { shiftPeriod } from '../shared/today.ts';
import { clearBilling, professionalPlan, providerCall, todayOf } from '../test/fixtures.ts';

/**
 * Invoices (docs/api.md, Billing; docs/decisions.md D-284): issued once per period from the plan and the month's
 * figures, paid once by hand, overdue read from the due date, and drawn as a PDF in the caller's language.
 */
let ctx: TestContext;
let admin: string;
let soporte: string;
let today: string;
let last: string;
let provider: ReturnType<typeof providerCall>;
const GB = 1024 ** 3;

async function pdfText(res: Response) {
  const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, soporte] = await Promise.all([ctx.login('admin'), ctx.login('soporte')]);
  provider = providerCall(ctx, () => soporte);
  await clearBilling(ctx, [ctx.seed.companyId, ctx.seed.otherCompanyId]);
  today = await todayOf(ctx, ctx.seed.companyId);
  last = shiftPeriod(periodOf(today), -1);
  // Last month: 4 distinct active users, and storage 1.5 GB past a 1 GB quota (2 started GB over).
  const staff = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.seed.companyId), eq(users.kind, 'staff')));
  await ctx.db
    .delete(usageUserDays)
    .where(
      and(eq(usageUserDays.companyId, ctx.seed.companyId), sql`to_char(${usageUserDays.day}, 'YYYY-MM') >= ${last}`),
    );
  await ctx.db
    .insert(usageUserDays)
    .values(
      staff.slice(0, 4).map((u) => ({ companyId: ctx.seed.companyId, day: `${last}-05`, userId: u.id, events: 3 })),
    );
  await ctx.db
    .delete(files)
    .where(and(eq(files.companyId, ctx.seed.companyId), sql`${files.createdAt} < ${`${periodOf(today)}-01`}::date`));
  await ctx.db.insert(files).values({
    companyId: ctx.seed.companyId,
    path: `${ctx.seed.companyId}/billing-test/backup.zip`,
    name: 'backup.zip',
    extension: 'zip',
    mime: 'application/zip',
    category: 'document',
    context: 'library',
    status: 'uploaded',
    maxBytes: 4 * GB,
    size: 2.5 * GB,
    expiresAt: new Date(`${last}-10T15:00:00Z`),
    createdAt: new Date(`${last}-10T15:00:00Z`),
  });
  const put = await provider('PUT', `empresas/${ctx.seed.companyId}/plan`, {
    ...professionalPlan,
    storage_quota_mb: 1024,
  });
  expect(put.status, put.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const issue = (period: string, companyId = ctx.seed.companyId) =>
  provider('POST', `empresas/${companyId}/facturas`, { period });
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('invoices', () => {
  let invoiceId: number;
  let number: string;

  it('issues a period’s invoice: base, active users and started GB over the quota, with the month’s figures', async () => {
    const res = await issue(last);
    expect(res.status, res.text).toBe(201);
    const invoice = invoiceRowSchema.strict().parse(res.json.data);
    invoiceId = invoice.id;
    number = invoice.number;
    expect(invoice.number).toBe(`${last}-${String(ctx.seed.companyId).padStart(4, '0')}`);
    expect(invoice.lines).toEqual([
      { concept: 'base', quantity: 1, unit_price: 450000, amount: 450000 },
      { concept: 'active_users', quantity: 4, unit_price: 12000, amount: 48000 },
      { concept: 'storage_overage', quantity: 2, unit_price: 5000, amount: 10000 },
    ]);
    expect(invoice.total).toBe(508000);
    expect(invoice.usage).toMatchObject({ active_users: 4, storage_mb: 2560 });
    expect(invoice).toMatchObject({ state: 'emitida', currency: 'CLP', paid_on: null, reference: null });
    expect(invoice.due_date).toBe(addDays(today, 30));
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoice.id)));
    expect(audit).toMatchObject({ companyId: ctx.seed.companyId, action: 'issued' });
  });

  it('a period has one invoice (409), a month not started is a 422 on period, and no plan is a 409', async () => {
    const again = await issue(last);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`El período ${last} ya tiene su factura`);
    const future = await issue(shiftPeriod(periodOf(today), 1));
    expect(future.status).toBe(422);
    expect(future.json.fields).toEqual({ period: expect.stringMatching(/período aún no comienza/) });
    const noPlan = await issue(last, ctx.seed.otherCompanyId);
    expect(noPlan.status).toBe(409);
    expect(noPlan.json.message).toMatch(/defina el plan/);
    expect(await ctx.db.select().from(billingInvoices)).toHaveLength(1);
  });

  it('records the payment once: the state reads pagada, a second payment is a 409', async () => {
    const paid = await provider('POST', `facturas/${invoiceId}/pago`, { paid_on: today, reference: 'TRF-991' });
    expect(paid.status, paid.text).toBe(200);
    expect(invoiceRowSchema.parse(paid.json.data)).toMatchObject({
      state: 'pagada',
      paid_on: today,
      reference: 'TRF-991',
    });
    const again = await provider('POST', `facturas/${invoiceId}/pago`, { paid_on: today });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`La factura ${number} ya está pagada`);
    expect((await provider('POST', 'facturas/999999/pago', { paid_on: today })).status).toBe(404);
    const bad = await provider('POST', `facturas/${invoiceId}/pago`, { paid_on: 'ayer' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields)).toEqual(['paid_on']);
  });

  it('an unpaid invoice past its due date reads vencida, until it is paid', async () => {
    const res = await issue(shiftPeriod(last, -1));
    expect(res.status, res.text).toBe(201);
    await ctx.db
      .update(billingInvoices)
      .set({ dueDate: addDays(today, -1) })
      .where(eq(billingInvoices.id, res.json.data.id));
    const read = async () => {
      const o = billingOverviewSchema.parse((await ctx.request('GET', 'facturacion', { cookie: admin })).json.data);
      return o.invoices;
    };
    const invoices = await read();
    expect(invoices.map((i) => i.period)).toEqual([last, shiftPeriod(last, -1)]);
    expect(invoices[1].state).toBe('vencida');
    await ctx.db.update(billingInvoices).set({ dueDate: today }).where(eq(billingInvoices.id, res.json.data.id));
    expect((await read())[1].state).toBe('emitida');
  });

  it('the PDF carries the number, lines, total and payment, in Spanish and in Portuguese', async () => {
    const get = (lang: string) =>
      ctx.app.request(`${API_V2}/facturacion/facturas/${invoiceId}/pdf`, {
        headers: { Cookie: admin, 'Accept-Language': lang },
      });
    const res = await get('es');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="factura-${number}.pdf"`);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const es = await pdfText(res);
    for (const text of [
      `Factura ${number}`,
      'Cargo base del plan',
      `CLP ${formatNumber(450000)}`,
      `Total: CLP ${formatNumber(508000)}`,
      'Pagada',
      'TRF-991',
    ])
      expect(es).toContain(text);
    const pt = await pdfText(await get('pt-BR'));
    expect(pt).toContain(`Fatura ${number}`);
    expect(pt).toContain('Paga');
  });
});
