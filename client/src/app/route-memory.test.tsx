import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { mockFetch } from '../api/mock-fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { resolveModuleEntry, routeToRemember } from './route-memory.ts';
import { AppRoutes } from './router.tsx';
import { areaOf } from './routes.tsx';
import { authUserQuery, type AuthUser } from './session/auth-user.ts';
import { session, STORAGE_KEYS } from './session/session-store.ts';

const warranties = areaOf('warranties');
const all = { modulo_postventa: true, modulo_entregas: true, modulo_calidad: true, postventa_gestionar: true };

describe('remembered route per module (docs/product.md §2)', () => {
  beforeEach(() => { localStorage.clear(); session.reset(); session.clearUser(); });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers known routes of modules that remember, with their query', () => {
    expect(routeToRemember('/warranties/solicitud/31/fallas', '?tab=2')).toMatchObject({ path: '/warranties/solicitud/31/fallas?tab=2' });
    expect(routeToRemember('/warranties/solicitud/31/fallas')?.area.area).toBe('warranties');
    expect(routeToRemember('/warranties')).toBeUndefined(); // the entry redirects; nothing to restore
    expect(routeToRemember('/warranties/no-existe')).toBeUndefined();
    expect(routeToRemember('/auth/login')).toBeUndefined();
  });

  it('restores the stored route, or the default when it no longer exists or is no longer allowed', () => {
    expect(resolveModuleEntry(warranties, '/warranties/agenda', all)).toBe('/warranties/agenda');
    expect(resolveModuleEntry(warranties, undefined, all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(warranties, '/warranties/pantalla-antigua', all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(warranties, '/quality/gantt', all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(areaOf('config'), '/config/usuarios', {})).toBe('/config/cuenta');
    expect(resolveModuleEntry(areaOf('config'), '/config/usuarios', { config_usuarios: true })).toBe('/config/usuarios');
  });

  it('falls back to the first screen of the module the user may open, never to one they may not', () => {
    const deliveries = { modulo_entregas: true };
    expect(resolveModuleEntry(warranties, undefined, deliveries)).toBe('/warranties/fichas');
    expect(resolveModuleEntry(warranties, '/warranties/dashboard/solicitudes', deliveries)).toBe('/warranties/fichas');
    expect(resolveModuleEntry(warranties, '/warranties/ficha/7/revision', deliveries)).toBe('/warranties/ficha/7/revision');
    expect(resolveModuleEntry(warranties, '/warranties/fichas', { modulo_postventa: true })).toBe('/warranties/solicitudes');
  });

  it('keeps the memory in browser storage under "metadata"', () => {
    session.rememberRoute('warranties', '/warranties/fichas');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.metadata)!).lastRoutes).toEqual({ warranties: '/warranties/fichas' });
    session.reset();
    expect(session.get().metadata.lastRoutes.warranties).toBe('/warranties/fichas');
  });

  it('opening a module from the sidebar returns to where the user was in it', async () => {
    const user = {
      id: 1, username: 'agente', first_name: 'Valentina', last_name: 'Muñoz', full_name: 'Valentina Muñoz', email: null,
      email_verified: false, signature_verified: false, signature_url: null, locale: 'es', kind: 'staff', settings: {},
      grupo: { id: 2, desc_grupo: 'Agente', permisos: all }, is_ryr: false, company: { id: 1, name: 'X', country: 'CL' }, proyectos: [],
    } satisfies AuthUser;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(authUserQuery.queryKey, user);
    function Nav() {
      const l = useLocation();
      return <><output data-testid="where">{l.pathname}</output><Link to="/quality">go-quality</Link></>;
    }
    mockFetch(() => ({ body: { data: [] } })); // whatever the module pages ask for
    renderWithProviders(<><AppRoutes /><Nav /></>, { route: '/warranties/solicitud/31/oi/crear', queryClient });
    await screen.findByTestId('sidebar', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText('go-quality'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/quality/gantt'));
    await userEvent.click(screen.getByTestId('nav-warranties'));
    // The module's layout (its sub-navigation) is a lazy chunk: the entry redirects once it is there.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/warranties/solicitud/31/oi/crear'), { timeout: 10_000 });
  }, 20_000);
});
