import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { mockFetch } from '../../api/mock-fetch.ts';
import { AppRoutes } from '../../app/router.tsx';
import { session } from '../../shared/session/session-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';

/** The seeded demo profiles' flags (server/src/db/seed-data.ts) that matter to the area. */
const INSPECTOR = [
  'modulo_calidad',
  'verifications-access',
  'modulo_hormigon',
  'modulo_entregas',
  'ver_notificaciones',
  'entregas_revision',
];
const EJECUTIVO = ['modulo_entregas', 'modulo_biblioteca', 'ver_notificaciones', 'entregas_gestionar'];
const SUPERVISOR = [
  'modulo_entregas',
  'modulo_postventa',
  'ver_notificaciones',
  'postventa_crear',
  'postventa_gestionar',
  'postventa_cerrar',
  'postventa_supervisar',
  'entregas_gestionar',
];
/** After-sales without deliveries, and without the dashboards' flags. */
const AFTER_SALES_ONLY = ['modulo_postventa', 'postventa_crear'];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

function renderAt(route: string, permisos: string[]) {
  const api = mockFetch((c) =>
    c.url.includes('/postventa/dashboard/solicitudes')
      ? { body: { data: { by_state: {}, by_priority: {}, response: { on_time: 0, overdue: 0 }, lanes: [] } } }
      : { body: { data: [], total: 0, current_page: 1, has_more: false } },
  );
  renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route, queryClient: clientWithUser(permisos) },
  );
  return api;
}

const where = () => screen.getByTestId('where').textContent;
const navItems = () =>
  within(screen.getByTestId('warranties-nav'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('data-testid')!.replace('warranties-nav-', ''));
const askedFor = (api: ReturnType<typeof mockFetch>, path: string) =>
  api.calls.some((c) => new URL(c.url, 'http://x').pathname.includes(path));

describe('warranties: each screen with its own permission, and a sub-navigation (docs/product.md §2, §6)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a deliveries-only user opening the module lands on fichas and sees no after-sales tabs', async () => {
    const api = renderAt('/warranties', INSPECTOR);
    await waitFor(() => expect(where()).toBe('/warranties/fichas'), { timeout: 15_000 });
    await screen.findByTestId('warranties-nav');
    expect(navItems()).toEqual(['fichas']);
    expect(screen.getByTestId('warranties-nav-fichas').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('no-permission')).toBeNull();
    for (const refused of ['/postventa/dashboard', '/postventa/estadisticas', '/postventa/solicitudes'])
      expect(askedFor(api, refused)).toBe(false);
  }, 20_000);

  it('an after-sales user sees every tab, in order, and lands on the panel', async () => {
    renderAt('/warranties', SUPERVISOR);
    await waitFor(() => expect(where()).toBe('/warranties/dashboard/solicitudes'), { timeout: 15_000 });
    await screen.findByTestId('warranties-nav');
    expect(navItems()).toEqual(['dashboard', 'solicitudes', 'agenda', 'fichas', 'estadisticas']);
    const nav = screen.getByRole('navigation', { name: 'Secciones de Propietarios' });
    expect(within(nav).getByRole('link', { name: 'Panel' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Solicitudes' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Estadísticas' }).getAttribute('href')).toBe(
      '/warranties/estadisticas',
    );
    // The panel's own views below it: the open one marked, statistics no longer repeated there.
    await screen.findByTestId('board');
    const views = screen.getByRole('navigation', { name: 'Panel' });
    expect(
      within(views)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/warranties/dashboard/solicitudes', '/warranties/dashboard/eficiencia']);
    expect(screen.getByTestId('dashboard-nav-solicitudes').getAttribute('aria-current')).toBe('page');
  }, 20_000);

  it('the tabs move between screens and mark the one open, a ticket counting as Solicitudes', async () => {
    renderAt('/warranties/agenda', SUPERVISOR);
    await screen.findByTestId('warranties-nav', {}, { timeout: 15_000 });
    expect(screen.getByTestId('warranties-nav-agenda').getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByTestId('warranties-nav-fichas'));
    await waitFor(() => expect(where()).toBe('/warranties/fichas'));
    expect(screen.getByTestId('warranties-nav-fichas').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('warranties-nav-agenda').getAttribute('aria-current')).toBeNull();
  }, 20_000);

  it('marks Solicitudes on a ticket and on the creation form', async () => {
    renderAt('/warranties/solicitud/crear', SUPERVISOR);
    await screen.findByTestId('warranties-nav', {}, { timeout: 15_000 });
    expect(screen.getByTestId('warranties-nav-solicitudes').getAttribute('aria-current')).toBe('page');
  }, 20_000);

  it.each([
    ['/warranties/dashboard/solicitudes', INSPECTOR, '/postventa/dashboard'],
    ['/warranties/estadisticas', EJECUTIVO, '/postventa/estadisticas'],
    ['/warranties/solicitudes', EJECUTIVO, '/postventa/solicitudes'],
    ['/warranties/fichas', AFTER_SALES_ONLY, '/entregas/'],
  ])(
    '%s, forbidden to this profile, shows the no-permission state under the tabs and calls nothing',
    async (route, permisos, api) => {
      const calls = renderAt(route, permisos);
      expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
      expect(where()).toBe(route);
      expect(screen.getByTestId('warranties-nav')).toBeTruthy();
      expect(screen.queryByText('Cargando…')).toBeNull(); // no spinner
      expect(askedFor(calls, api)).toBe(false);
    },
    20_000,
  );

  it('a user of after-sales without the dashboards lands on the first screen they may open', async () => {
    renderAt('/warranties', AFTER_SALES_ONLY);
    await waitFor(() => expect(where()).toBe('/warranties/solicitudes'), { timeout: 15_000 });
    await screen.findByTestId('warranties-nav');
    expect(navItems()).toEqual(['solicitudes', 'agenda']);
  }, 20_000);

  it('does not restore a remembered screen the user may no longer open', async () => {
    session.rememberRoute('warranties', '/warranties/dashboard/eficiencia');
    renderAt('/warranties', EJECUTIVO);
    await waitFor(() => expect(where()).toBe('/warranties/fichas'), { timeout: 15_000 });
  }, 20_000);

  it('still restores a remembered screen the user may open', async () => {
    session.rememberRoute('warranties', '/warranties/estadisticas');
    renderAt('/warranties', SUPERVISOR);
    await waitFor(() => expect(where()).toBe('/warranties/estadisticas'), { timeout: 15_000 });
  }, 20_000);
});
