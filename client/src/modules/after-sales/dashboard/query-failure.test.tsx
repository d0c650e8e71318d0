import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { AppRoutes } from '../../../app/router.tsx';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';

const SUPERVISOR = ['modulo_entregas', 'modulo_postventa', 'postventa_gestionar', 'postventa_supervisar'];

/** A dashboard whose call fails: the page says so instead of spinning for ever (docs/product.md §6, §8). */
describe('after-sales dashboards when their call fails', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a 403 shows the no-permission state, not a spinner', async () => {
    mockFetch((c) =>
      c.url.includes('/postventa/estadisticas')
        ? { status: 403, body: { message: 'Sin permisos para realizar esta acción' } }
        : { body: { data: [] } },
    );
    renderWithProviders(<AppRoutes />, { route: '/warranties/estadisticas', queryClient: clientWithUser(SUPERVISOR) });
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeTruthy();
    expect(screen.queryByText('Cargando…')).toBeNull(); // the spinner's label
  }, 20_000);

  it('another failure shows an error with a retry that asks again', async () => {
    let fail = true;
    const api = mockFetch((c) =>
      c.url.includes('/postventa/dashboard/eficiencia')
        ? fail
          ? { status: 500, body: { message: 'boom' } }
          : { body: { data: { by_responsible: [], by_project: [] } } }
        : { body: { data: [] } },
    );
    renderWithProviders(<AppRoutes />, {
      route: '/warranties/dashboard/eficiencia',
      queryClient: clientWithUser(SUPERVISOR),
    });
    await screen.findByTestId('query-error', {}, { timeout: 15_000 });
    expect(screen.queryByText('Cargando…')).toBeNull(); // the spinner's label
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByTestId('efficiency-responsible');
    expect(api.calls.filter((c) => c.url.includes('/dashboard/eficiencia'))).toHaveLength(2);
  }, 20_000);
});
