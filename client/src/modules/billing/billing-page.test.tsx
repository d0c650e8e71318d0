import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../api/mock-fetch.ts';
import { session } from '../../shared/session/session-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';
import { BillingPage } from './billing-page.tsx';
import { overview } from './test/fixtures.ts';
import type { BillingOverview } from '#domain/billing-responses';

vi.setConfig({ testTimeout: 30_000 });
/** A desktop: every min-width query matches (the invoices are a table). */
const wideScreen = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

beforeEach(() => {
  session.reset();
  wideScreen();
});
afterEach(() => vi.unstubAllGlobals());

function render(data: BillingOverview) {
  const api = mockFetch((call) =>
    call.method === 'GET' && new URL(call.url).pathname.endsWith('/facturacion')
      ? { body: { data } }
      : { status: 404, body: { message: 'No encontrado' } },
  );
  renderWithProviders(<BillingPage />, { route: '/billing', queryClient: clientWithUser(['modulo_billing']) });
  return api;
}

describe('/billing', () => {
  it('shows the plan with its modules and prices, the limits, the usage over the plan and the invoices', async () => {
    const api = render(overview());
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Plan Obra');
    expect(api.calls[0].url).toContain('/api/v2/public/api/facturacion');
    const plan = screen.getByTestId('billing-plan');
    expect(
      within(screen.getByTestId('billing-plan-modules'))
        .getAllByText(/./)
        .map((e) => e.textContent),
    ).toEqual(['Postventa', 'Entregas', 'Facturación']);
    expect(plan.textContent).toContain('CLP 250.000');
    expect(plan.textContent).toContain('CLP 9.900');
    expect(plan.textContent).toContain('10 GB');
    expect(plan.textContent).toContain('30 días');

    // Limits: the company's is over (16 / 15), a project at its limit is not, a project without one has no bar.
    const company = screen.getByTestId('limit-company');
    expect(company.textContent).toBe('16 / 15');
    expect(company.getAttribute('data-over')).toBe('true');
    const projects = within(screen.getByTestId('limits-project')).getAllByTestId('limit-project');
    expect(projects.map((p) => [p.textContent, p.getAttribute('data-over')])).toEqual([
      ['2 · sin límite', null],
      ['5 / 5', null],
    ]);
    expect(screen.getByTestId('limit-storage').getAttribute('data-over')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Empresa' })).toBeTruthy();

    // Usage: the current month's active users and storage are over the plan, tagged; the others are not.
    const rows = within(screen.getByTestId('billing-usage-table')).getAllByTestId('usage-row');
    expect(rows.map((r) => r.getAttribute('data-period'))).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(
      within(rows[0])
        .getAllByTestId('over-plan')
        .map((e) => e.textContent),
    ).toEqual(['Sobre el plan', 'Sobre el plan']);
    expect(within(rows[1]).queryByTestId('over-plan')).toBeNull();
    expect(screen.getByRole('img', { name: 'Usuarios activos por mes' })).toBeTruthy();

    // Invoices: newest first, states as tags, the overdue one called out at the top, each with its PDF.
    const invoices = within(screen.getByTestId('billing-invoices-table')).getAllByTestId('invoice-row');
    expect(invoices.map((r) => r.getAttribute('data-number'))).toEqual([
      '2026-11-0001',
      '2026-10-0001',
      '2026-09-0001',
    ]);
    expect(invoices.map((r) => within(r).getByTestId('invoice-state').textContent)).toEqual([
      'Emitida',
      'Vencida',
      'Pagada',
    ]);
    expect(within(invoices[2]).getByTestId('invoice-paid-on').textContent).toBe('Pagada el 20-10-2026 · TRF-991');
    expect(within(invoices[1]).getByTestId('invoice-pdf').getAttribute('href')).toContain(
      '/api/v2/public/api/facturacion/facturas/7/pdf',
    );
    expect(within(invoices[1]).getByTestId('invoice-pdf').getAttribute('target')).toBe('_blank');
    const overdue = screen.getByTestId('billing-overdue');
    expect(overdue.textContent).toContain('Tienes 1 factura vencida');
    expect(overdue.textContent).toContain('Factura 2026-10-0001: CLP 368.800, venció el 01-12-2026');
    // The call-out comes before the plan.
    expect(overdue.compareDocumentPosition(plan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says plainly when the provider has set no plan yet and nothing was invoiced', async () => {
    render(overview({ plan: null, invoices: [], storage: { used_mb: 12, quota_mb: null } }));
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Aún no hay un plan');
    expect(screen.getByTestId('billing-no-plan')).toBeTruthy();
    expect(screen.getByTestId('billing-invoices-empty')).toBeTruthy();
    expect(screen.queryByTestId('billing-overdue')).toBeNull();
    expect(screen.getByTestId('limit-storage').textContent).toBe('12 MB · sin cuota');
  });
});
