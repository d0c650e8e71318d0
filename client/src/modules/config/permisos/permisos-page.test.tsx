import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { PermissionCatalogue, ProfileRow } from '#domain/access-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import * as notify from '../../../api/notify.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PermisosPage } from './permisos-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const catalogue: PermissionCatalogue = {
  groups: [
    {
      group: 'postventa',
      label: 'Postventa',
      module: { enabled: true, status: 'activo' },
      permissions: [
        { flag: 'modulo_postventa', description: 'Acceder a Postventa' },
        { flag: 'postventa_cerrar', description: 'Cerrar y reabrir solicitudes' },
      ],
    },
    {
      group: 'calidad',
      label: 'Calidad',
      module: { enabled: false, status: 'inactivo' },
      permissions: [{ flag: 'modulo_calidad', description: 'Acceder al módulo Calidad' }],
    },
    {
      group: 'undefined',
      label: 'Sin módulo definido',
      module: null,
      permissions: [{ flag: 'ver_notificaciones', description: 'Ver notificaciones' }],
    },
  ],
};

const agente: ProfileRow = {
  id: 3,
  name: 'Agente de postventa',
  groups: ['operaciones'],
  permissions: ['flag_antiguo', 'modulo_postventa', 'postventa_cerrar'],
  exclusive_permissions: [],
  undefined_permissions: ['flag_antiguo'],
  modules: ['postventa'],
  is_ryr: false,
  users_count: 1,
  updated_at: '2026-11-20T10:00:00.000Z',
};

function render(answer: (call: RecordedCall) => unknown = () => ({ data: agente })) {
  const api = mockFetch((call) => {
    if (call.url.includes('catalogo')) return { body: { data: catalogue } };
    if (call.method === 'GET') return { body: { data: [agente] } };
    return { body: answer(call) };
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, {
    grupo: { id: 1, desc_grupo: 'Administrador', permisos: { config_permisos: true } },
  } as unknown as AuthUser);
  renderWithProviders(<PermisosPage />, { route: '/config/permisos', queryClient });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

async function openEditor() {
  const row = await screen.findByTestId('profile-3');
  await userEvent.click(within(row).getByRole('button', { name: 'Editar' }));
  return screen.findByTestId('profile-editor');
}

describe('config permisos: the profile editor (docs/product.md §6)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the catalogue by module, marks a module switched off, and the profile flags no module maps', async () => {
    render();
    const editor = await openEditor();
    expect(within(editor).getByTestId('permission-group-postventa').textContent).toContain(
      'Cerrar y reabrir solicitudes',
    );
    expect(within(editor).getByTestId('permission-group-calidad').textContent).toContain(
      'Módulo desactivado en la empresa',
    );
    const undefinedGroup = within(editor).getByTestId('permission-group-undefined');
    expect(undefinedGroup.textContent).toContain('flag_antiguo');
    const checked = (scope: HTMLElement, name: RegExp) =>
      (within(scope).getByRole('checkbox', { name }) as HTMLInputElement).checked;
    expect(checked(undefinedGroup, /flag_antiguo/)).toBe(true);
    expect(checked(editor, /^Cerrar y reabrir/)).toBe(true);
    expect(checked(editor, /^Acceder al módulo Calidad/)).toBe(false);
  });

  it("saving with nothing changed says 'no changes to send' and sends nothing", async () => {
    const api = render();
    const toast = vi.spyOn(notify, 'showToast').mockImplementation(() => undefined);
    await openEditor();
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', title: 'No hay cambios para enviar' }),
    );
    expect(writes(api)).toHaveLength(0);
  });

  it('sends the whole profile with the version it read: a permission removed, one made exclusive', async () => {
    const api = render((call) => ({ data: { ...agente, ...(call.body as object) } }));
    const editor = await openEditor();
    await userEvent.click(within(editor).getByRole('checkbox', { name: /^Cerrar y reabrir/ }));
    await userEvent.click(within(editor).getByRole('checkbox', { name: /^Exclusivo\s*:\s*Acceder a Postventa/ }));
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('configuracion/permisos/3'),
      body: {
        name: 'Agente de postventa',
        groups: ['operaciones'],
        permissions: ['flag_antiguo'],
        exclusive_permissions: ['modulo_postventa'],
        updated_at: agente.updated_at,
      },
    });
  });

  it('a new profile needs a name before anything is sent; groups are added as tags', async () => {
    const api = render((call) => ({ data: { ...agente, id: 9, ...(call.body as object) } }));
    await userEvent.click(await screen.findByTestId('profile-new'));
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
    await userEvent.type(screen.getByTestId('profile-name'), 'Bodega');
    await userEvent.type(screen.getByTestId('profile-group-input'), 'ryr{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Ver notificaciones/ }));
    await userEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Bodega', groups: ['ryr'], permissions: ['ver_notificaciones'], exclusive_permissions: [] },
    });
  });

  it('switches a module for the whole company', async () => {
    const api = render(() => ({ data: { modulo: 'calidad', enabled: true, status: 'activo' } }));
    const modules = await screen.findByTestId('company-modules');
    await userEvent.click(within(modules).getByRole('checkbox', { name: 'Calidad' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('configuracion/permisos/modulos/calidad'),
      body: { enabled: true },
    });
  });
});
