import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CuentaPage } from './cuenta-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const user: AuthUser = {
  id: 1,
  username: 'agente',
  first_name: 'Valentina',
  last_name: 'Muñoz Reyes',
  full_name: 'Valentina Muñoz Reyes',
  email: 'valentina@cordillera.cl',
  email_verified: false,
  signature_verified: false,
  signature_url: null,
  locale: 'es',
  kind: 'staff',
  settings: {},
  grupo: { id: 2, desc_grupo: 'Agente de postventa', permisos: {} },
  is_ryr: false,
  company: { id: 1, name: 'Cordillera', country: 'CL' },
  proyectos: [
    {
      id: 1,
      name: 'Edificio Parque Los Dominicos',
      address_full: '',
      image_url: null,
      is_closed: false,
      is_blocked: false,
    },
  ],
};

function renderCuenta() {
  const f = mockFetch((call) =>
    call.url.endsWith('/auth/password')
      ? { body: { message: 'Contraseña actualizada. Se cerraron sus otras sesiones' } }
      : { body: { message: 'Datos guardados', data: { ...user, first_name: 'Vale' } } },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(authUserQuery.queryKey, user);
  renderWithProviders(<CuentaPage />, { route: '/config/cuenta', queryClient });
  return { f, queryClient };
}

describe('/config/cuenta (docs/product.md §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows basic info, password, signature, settings and language sections', () => {
    renderCuenta();
    for (const id of ['account-basic', 'account-password', 'account-signature', 'account-settings', 'account-language'])
      expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.getByTestId('email-unverified').textContent).toBe('Correo sin verificar');
  });

  it("refuses a password confirmation that does not match: 'Valores no coinciden'", async () => {
    const { f } = renderCuenta();
    const section = screen.getByTestId('account-password');
    await userEvent.type(within(section).getByLabelText(/Contraseña actual/, { selector: 'input' }), 'demo1234');
    await userEvent.type(within(section).getByLabelText(/^Nueva contraseña/, { selector: 'input' }), 'nueva-clave-1');
    await userEvent.type(
      within(section).getByLabelText(/Confirmar nueva contraseña/, { selector: 'input' }),
      'nueva-clave-2',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(section).findByText('Valores no coinciden')).toBeTruthy();
    expect(f.calls).toHaveLength(0);
    await userEvent.clear(within(section).getByLabelText(/Confirmar nueva contraseña/, { selector: 'input' }));
    await userEvent.type(
      within(section).getByLabelText(/Confirmar nueva contraseña/, { selector: 'input' }),
      'nueva-clave-1',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Cambiar contraseña' }));
    await vi.waitFor(() => expect(f.calls).toHaveLength(1));
    expect(f.last()).toMatchObject({
      method: 'PUT',
      body: { current_password: 'demo1234', password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
    });
    expect(f.last().url).toMatch(/\/auth\/password$/);
  });

  it('saves basic info with PUT auth/usuario and caches the answered user', async () => {
    const { f, queryClient } = renderCuenta();
    const section = screen.getByTestId('account-basic');
    const email = within(section).getByLabelText(/Correo electrónico/, { selector: 'input' });
    await userEvent.clear(email);
    await userEvent.type(email, 'valeñ@cordillera.cl');
    await userEvent.click(within(section).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(section).findByText('El correo no puede contener la letra ñ')).toBeTruthy();
    await userEvent.clear(email);
    await userEvent.type(email, 'vale@cordillera.cl');
    await userEvent.click(within(section).getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(f.calls).toHaveLength(1));
    expect(f.last()).toMatchObject({
      method: 'PUT',
      body: { first_name: 'Valentina', last_name: 'Muñoz Reyes', email: 'vale@cordillera.cl' },
    });
    await vi.waitFor(() => expect(queryClient.getQueryData<AuthUser>(authUserQuery.queryKey)?.first_name).toBe('Vale'));
  });
});
