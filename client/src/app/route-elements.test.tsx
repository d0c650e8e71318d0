import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Link, Route, Routes, useLocation } from 'react-router';
import { mockFetch } from '../api/mock-fetch.ts';
import { lazyPage } from '../shared/lazy-page.tsx';
import { authUserQuery, type AuthUser } from '../api/session/auth-user.ts';
import { session } from '../shared/session/session-store.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PageSuspense, RouteErrorBoundary } from './route-elements.tsx';
import { AppRoutes } from './router.tsx';

const all = { modulo_postventa: true, modulo_entregas: true, modulo_calidad: true, postventa_gestionar: true };

describe('remembered route per module (docs/product.md §2): the module entry', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opening a module from the sidebar returns to where the user was in it', async () => {
    const user = {
      id: 1,
      username: 'agente',
      first_name: 'Valentina',
      last_name: 'Muñoz',
      full_name: 'Valentina Muñoz',
      email: null,
      email_verified: false,
      signature_verified: false,
      signature_url: null,
      locale: 'es',
      kind: 'staff',
      settings: {},
      grupo: { id: 2, desc_grupo: 'Agente', permisos: all },
      is_ryr: false,
      company: { id: 1, name: 'X', country: 'CL' },
      proyectos: [],
    } satisfies AuthUser;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(authUserQuery.queryKey, user);
    function Nav() {
      const l = useLocation();
      return (
        <>
          <output data-testid="where">{l.pathname}</output>
          <Link to="/quality">go-quality</Link>
        </>
      );
    }
    mockFetch(() => ({ body: { data: [] } })); // whatever the module pages ask for
    renderWithProviders(
      <>
        <AppRoutes />
        <Nav />
      </>,
      { route: '/warranties/solicitud/31/oi/crear', queryClient },
    );
    await screen.findByTestId('sidebar', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText('go-quality'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/quality/gantt'));
    await userEvent.click(screen.getByTestId('nav-warranties'));
    // The module's layout (its sub-navigation) is a lazy chunk: the entry redirects once it is there.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/warranties/solicitud/31/oi/crear'), {
      timeout: 10_000,
    });
  }, 20_000);
});

describe('route error boundary (docs/product.md §8 chunk load error after 120 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the load error UI with a retry when a page chunk cannot be loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const Page = lazyPage(() => new Promise<never>(() => undefined), 'Nothing', { firstLoad: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <RouteErrorBoundary resetKey="x">
        <Routes>
          <Route
            path="*"
            element={
              <PageSuspense>
                <Page />
              </PageSuspense>
            }
          />
        </Routes>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('status')).toBeTruthy(); // the spinner while waiting
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(await screen.findByTestId('load-error')).toBeTruthy();
    expect(screen.getByText('No se pudo cargar esta sección')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  }, 20_000);
});
