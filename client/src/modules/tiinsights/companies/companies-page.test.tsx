import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { health } from '../test/fixtures.ts';
import { mockTiinsightsApi, screenWidth } from '../test/mock-api.ts';
import { CompaniesPage } from './companies-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  session.reset();
  vi.stubGlobal('matchMedia', screenWidth(true).matchMedia);
});
afterEach(() => vi.unstubAllGlobals());

const companies = [
  health({ company: { id: 1, name: 'Alfa' } }),
  health({ company: { id: 2, name: 'Beta' }, level: 'problema', error_rate: 0.08, overdue_invoices: 2, plan: null }),
  health({ company: { id: 3, name: 'Gama' }, level: 'atencion', outbox_pending: 4, outbox_lag_seconds: 95 }),
];

function render(permisos: string[]) {
  const api = mockTiinsightsApi({ companies });
  renderWithProviders(
    <Routes>
      <Route path="/tiinsights/empresas" element={<CompaniesPage />} />
      <Route path="/tiinsights/exportaciones" element={<p data-testid="exports-route" />} />
      <Route path="/tiinsights/empresa/:companyId" element={<p data-testid="company-route" />} />
    </Routes>,
    { route: '/tiinsights/empresas', queryClient: clientWithUser(permisos) },
  );
  return api;
}

describe('/tiinsights/empresas', () => {
  it('lists every company worst first with its figures, filters by level, and a row opens the company', async () => {
    render(['ryr', 'dbdump']);
    const table = await screen.findByTestId('companies-table');
    const rows = within(table).getAllByTestId('company-row');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Beta', 'Gama', 'Alfa']);
    expect(rows.map((r) => within(r).getByTestId('health-level').textContent)).toEqual(['Problema', 'Atención', 'OK']);
    expect(rows[0].textContent).toContain('8 %');
    expect(rows[0].textContent).toContain('Sin plan');
    expect(rows[1].textContent).toContain('4 · 1,6 min');
    expect(screen.getByTestId('tab-empresas')).toBeTruthy();
    expect(screen.getByTestId('tab-exportaciones')).toBeTruthy();

    await userEvent.click(screen.getByTestId('health-filter-problema'));
    expect(within(screen.getByTestId('companies-table')).getAllByTestId('company-row')).toHaveLength(1);
    expect(screen.getByTestId('health-filter-problema').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByTestId('health-filter-all'));
    expect(within(screen.getByTestId('companies-table')).getAllByTestId('company-row')).toHaveLength(3);

    await userEvent.click(within(screen.getAllByTestId('company-row')[1]).getByText('Atención'));
    expect(await screen.findByTestId('company-route')).toBeTruthy();
  });

  it('sends someone who only exports (dbdump) to the exports', async () => {
    const api = render(['dbdump']);
    expect(await screen.findByTestId('exports-route')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
