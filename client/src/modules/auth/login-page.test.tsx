import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { mockFetch, type RecordedCall } from '../../api/mock-fetch.ts';
import { authUserQuery } from '../../api/session/auth-user.ts';
import { session, STORAGE_KEYS } from '../../shared/session/session-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const user = {
  id: 1,
  username: 'admin',
  first_name: 'Carolina',
  full_name: 'Carolina Fuentes',
  grupo: { permisos: {} },
  proyectos: [],
};

function renderLogin(answer: (c: RecordedCall) => { status?: number; body?: unknown }, route = '/auth/login') {
  const f = mockFetch(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, null); // no session yet
  renderWithProviders(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="*" element={<output data-testid="landed" />} />
    </Routes>,
    { route, queryClient },
  );
  return { f, queryClient };
}

const fill = async (username: string, password: string) => {
  if (username) await userEvent.type(screen.getByLabelText(/Usuario/), username);
  if (password) await userEvent.type(screen.getByLabelText(/Contraseña/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
};

// Rendering Chakra in happy-dom on a shared 2-core machine is slow: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

describe('login (docs/product.md §2 auth, docs/product.md §8 messages)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires username and password with the docs/product.md §5 message, without calling the server', async () => {
    const { f } = renderLogin(() => ({ body: {} }));
    await fill('', '');
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(f.calls).toHaveLength(0);
  });

  it('shows "Usuario y/o contraseña incorrecta" from a 401', async () => {
    renderLogin(() => ({ status: 401, body: { message: 'Usuario y/o contraseña incorrecta', errors: [] } }));
    await fill('admin', 'mala');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Usuario y/o contraseña incorrecta');
  });

  it.each([['Cuenta suspendida'], ['Sin proyectos'], ['Sin permisos para realizar esta acción']])(
    'shows the 403 message "%s"',
    async (message) => {
      renderLogin(() => ({ status: 403, body: { message, errors: [] } }));
      await fill('admin', 'demo1234');
      expect((await screen.findByTestId('login-error')).textContent).toContain(message);
    },
  );

  it('shows and hides the password', async () => {
    renderLogin(() => ({ body: {} }));
    const input = screen.getByLabelText(/Contraseña/, { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('signs in, caches the user and goes where the visitor wanted to go', async () => {
    const { f, queryClient } = renderLogin(
      () => ({ body: { data: user } }),
      '/auth/login?redirect=%2Fwarranties%2Ffichas',
    );
    await fill('admin', 'demo1234');
    await screen.findByTestId('landed');
    expect(f.last()).toMatchObject({ method: 'POST', body: { username: 'admin', password: 'demo1234' } });
    expect(f.last().url).toMatch(/\/api\/v2\/public\/api\/auth\/login$/);
    await waitFor(() => expect(queryClient.getQueryData(authUserQuery.queryKey)).toMatchObject({ username: 'admin' }));
  });

  it('a new attempt clears the last failure: empty fields show their own errors, not the old alert', async () => {
    renderLogin(() => ({ status: 401, body: { message: 'Usuario y/o contraseña incorrecta', errors: [] } }));
    await fill('admin', 'mala');
    await screen.findByTestId('login-error');
    await userEvent.clear(screen.getByLabelText(/Usuario/));
    await userEvent.clear(screen.getByLabelText(/Contraseña/, { selector: 'input' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('opens in the language saved on the account, whatever this browser had', async () => {
    expect(session.get().locale).toBe('es');
    renderLogin(() => ({ body: { data: { ...user, locale: 'pt-BR' } } }));
    await fill('admin', 'demo1234');
    await screen.findByTestId('landed');
    expect(session.get().locale).toBe('pt-BR');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('pt-BR'); // kept for the next visit
  });
});
