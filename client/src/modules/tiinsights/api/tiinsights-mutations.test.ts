import { describe, expect, it } from 'vitest';
import { billingOverview, invoiceRow } from '../test/fixtures.ts';
import { withInvoice } from './tiinsights-mutations.ts';

describe('withInvoice', () => {
  it('replaces an invoice the overview holds and adds a new one first', () => {
    const o = billingOverview({
      invoices: [invoiceRow({ id: 22, period: '2026-11', state: 'emitida' }), invoiceRow()],
    });
    const paid = withInvoice(o, invoiceRow({ state: 'pagada', paid_on: '2026-12-03' }));
    expect(paid.invoices.map((i) => [i.id, i.state])).toEqual([
      [22, 'emitida'],
      [21, 'pagada'],
    ]);
    const issued = withInvoice(o, invoiceRow({ id: 23, period: '2026-12', state: 'emitida' }));
    expect(issued.invoices.map((i) => i.id)).toEqual([23, 22, 21]);
  });
});
