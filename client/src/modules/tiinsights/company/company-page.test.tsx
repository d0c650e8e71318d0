import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { billingOverview, dataExport, healthDetail, invoiceRow } from '../test/fixtures.ts';
import { mockTiinsightsApi, screenWidth } from '../test/mock-api.ts';
import { CompanyPage } from './company-page.tsx';
import { lastMonthPeriod, todayIso } from './periods.ts';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  session.reset();
  vi.stubGlobal('matchMedia', screenWidth(true).matchMedia);
});
afterEach(() => vi.unstubAllGlobals());

const detail = healthDetail({ company: { id: 2, name: 'Constructora Sur' }, level: 'atencion', webhook_failures: 1 });

function render(permisos: string[], write?: (call: RecordedCall, path: string) => { status?: number; body?: unknown }) {
  const api = mockTiinsightsApi({ detail, billing: billingOverview() }, write);
  renderWithProviders(
    <Routes>
      <Route path="/tiinsights/empresa/:companyId" element={<CompanyPage />} />
    </Routes>,
    { route: '/tiinsights/empresa/2', queryClient: clientWithUser(permisos) },
  );
  return api;
}
const posts = (api: ReturnType<typeof render>) => api.calls.filter((c) => c.method !== 'GET');

describe('/tiinsights/empresa/:companyId', () => {
  it("shows the company's health and billing, and marks an overdue invoice paid", async () => {
    const api = render(['ryr'], (call, path) =>
      path === 'facturas/21/pago'
        ? { body: { data: invoiceRow({ state: 'pagada', paid_on: todayIso(), reference: 'TRF-77' }) } }
        : { status: 404, body: { message: 'No encontrado' } },
    );
    expect((await screen.findByTestId('company-name')).textContent).toBe('Constructora Sur');
    const health = await screen.findByTestId('company-health');
    expect(within(health).getByTestId('health-level').textContent).toBe('Atención');
    expect(within(health).getByRole('img', { name: 'Solicitudes y errores por hora' })).toBeTruthy();
    expect(within(screen.getByTestId('webhook-failures')).getByText('ticket.created')).toBeTruthy();
    // dbdump is not held: no export.
    expect(screen.queryByTestId('company-export')).toBeNull();

    const row = await screen.findByTestId('invoice-row');
    expect(within(row).getByTestId('invoice-pdf').getAttribute('href')).toContain(
      '/api/v2/public/api/tiinsights/facturas/21/pdf',
    );
    expect(within(row).getByTestId('invoice-state').textContent).toBe('Vencida');
    await userEvent.click(within(row).getByTestId('invoice-mark-paid'));
    const dialog = await screen.findByTestId('mark-paid-dialog');
    expect((within(dialog).getByTestId('mark-paid-day') as HTMLInputElement).value).toBe(todayIso());
    await userEvent.type(within(dialog).getByTestId('mark-paid-reference'), 'TRF-77');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('mark-paid-dialog')).toBeNull());
    expect(posts(api)[0]).toMatchObject({
      method: 'POST',
      body: { paid_on: todayIso(), reference: 'TRF-77' },
    });
    const paid = screen.getByTestId('invoice-row');
    expect(within(paid).getByTestId('invoice-state').textContent).toBe('Pagada');
    expect(within(paid).queryByTestId('invoice-mark-paid')).toBeNull();
    expect(screen.queryByTestId('billing-overdue')).toBeNull();
  });

  it("issues last month's invoice by default and shows the server's conflict in the dialog", async () => {
    let attempts = 0;
    const api = render(['ryr'], (call, path) => {
      if (path !== 'empresas/2/facturas') return { status: 404, body: { message: 'No encontrado' } };
      attempts++;
      if (attempts === 1) return { status: 409, body: { message: 'El período ya tiene una factura' } };
      const period = (call.body as { period: string }).period;
      return {
        status: 201,
        body: { data: invoiceRow({ id: 30, number: `${period}-0002`, period, state: 'emitida' }) },
      };
    });
    await userEvent.click(await screen.findByTestId('invoice-issue'));
    const dialog = await screen.findByTestId('issue-invoice-dialog');
    const select = within(dialog).getByTestId('issue-invoice-period') as HTMLSelectElement;
    expect(select.value).toBe(lastMonthPeriod());
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect((await within(dialog).findByTestId('issue-invoice-conflict')).textContent).toBe(
      'El período ya tiene una factura',
    );
    const older = select.options[2].value;
    await userEvent.selectOptions(select, older);
    expect(within(dialog).queryByTestId('issue-invoice-conflict')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('issue-invoice-dialog')).toBeNull());
    expect(posts(api).map((c) => c.body)).toEqual([{ period: lastMonthPeriod() }, { period: older }]);
    const numbers = screen.getAllByTestId('invoice-row').map((r) => r.getAttribute('data-number'));
    expect(numbers).toContain(`${older}-0002`);
  });

  it('checks the plan with the shared schema, then puts the server 422s on their fields', async () => {
    const api = render(['ryr'], (_call, path) =>
      path === 'empresas/2/plan'
        ? {
            status: 422,
            body: {
              message: 'Los datos enviados no son válidos',
              errors: ['Precio demasiado alto'],
              fields: { base_price: 'Precio demasiado alto' },
            },
          }
        : { status: 404, body: { message: 'No encontrado' } },
    );
    await userEvent.click(await screen.findByTestId('plan-edit'));
    const dialog = await screen.findByTestId('plan-dialog');
    expect((within(dialog).getByTestId('plan-name') as HTMLInputElement).value).toBe('Plan Constructora');
    const postventa = within(dialog).getByTestId('plan-module-postventa');
    expect(postventa.getAttribute('data-state')).toBe('checked');
    await userEvent.clear(within(dialog).getByTestId('plan-name'));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeTruthy();
    expect(posts(api)).toHaveLength(0);

    await userEvent.type(within(dialog).getByTestId('plan-name'), 'Plan Grande');
    await userEvent.click(within(dialog).getByText('Hormigón'));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(
      await within(within(dialog).getByTestId('plan-base_price')).findByText('Precio demasiado alto'),
    ).toBeTruthy();
    expect(posts(api)[0]).toMatchObject({
      method: 'PUT',
      body: { name: 'Plan Grande', modules: ['hormigon', 'calidad', 'postventa'], base_price: 180000, due_days: 15 },
    });
  });

  it('exports the company (dbdump) and shows the link with its expiry; alone, nothing else', async () => {
    render(['dbdump'], (_call, path) =>
      path === 'empresas/2/exportaciones'
        ? { status: 201, body: { data: dataExport() } }
        : { status: 404, body: { message: 'No encontrado' } },
    );
    await userEvent.click(await screen.findByTestId('export-create'));
    const result = await screen.findByTestId('export-result');
    expect(result.textContent).toContain('Enlace válido hasta el 03-12-2026');
    expect(within(result).getByTestId('export-download').getAttribute('href')).toContain(
      '/api/v2/public/api/tiinsights/exportaciones/12/descarga?expires=1&signature=abc',
    );
    expect(screen.queryByTestId('company-health')).toBeNull();
    expect(screen.queryByTestId('billing-overview')).toBeNull();
  });
});
