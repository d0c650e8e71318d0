import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PositionRow } from '#domain/access-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CargosPage } from './cargos-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const inspector: PositionRow = {
  id: 4,
  name: 'Inspector técnico de obra',
  is_active: true,
  users_count: 2,
  created_at: '2026-11-01T10:00:00.000Z',
};

function render() {
  const api = mockFetch((call) => {
    if (call.method === 'GET') return { body: { data: [inspector] } };
    if (call.method === 'POST')
      return { status: 201, body: { data: { ...inspector, id: 9, users_count: 0, ...(call.body as object) } } };
    if (call.method === 'PATCH') return { body: { data: { ...inspector, ...(call.body as object) } } };
    return {
      status: 409,
      body: { message: 'No se puede eliminar el cargo: lo tienen asignado 2 usuarios', errors: [] },
    };
  });
  renderWithProviders(<CargosPage />, { route: '/config/cargos' });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

describe('config cargos (docs/product.md §2, §5 position name)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists positions with their users and state', async () => {
    render();
    const row = await screen.findByTestId('position-4');
    expect(row.textContent).toContain('Inspector técnico de obra');
    expect(row.textContent).toContain('2 usuarios');
    expect(row.textContent).toContain('Activo');
  });

  it('checks the name rules before sending, then creates and lists the new position', async () => {
    const api = render();
    await screen.findByTestId('position-4');
    await userEvent.type(screen.getByTestId('position-name'), 'A');
    await userEvent.click(screen.getByTestId('position-add'));
    expect(await screen.findByText('Debe tener al menos 2 caracteres')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('position-name'));
    await userEvent.type(screen.getByTestId('position-name'), 'Jefe  de obra');
    await userEvent.click(screen.getByTestId('position-add'));
    expect(await screen.findByText('No se permiten dos o más espacios seguidos')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('position-name'));
    await userEvent.type(screen.getByTestId('position-name'), 'Jefe de obra');
    await userEvent.click(screen.getByTestId('position-add'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ method: 'POST', body: { name: 'Jefe de obra' } });
    expect((await screen.findByTestId('position-9')).textContent).toContain('Jefe de obra');
  });

  it('disables a position in place', async () => {
    const api = render();
    const row = await screen.findByTestId('position-4');
    await userEvent.click(within(row).getByRole('button', { name: 'Deshabilitar' }));
    await waitFor(() => expect(within(screen.getByTestId('position-4')).getByText('Deshabilitado')).toBeTruthy());
    expect(writes(api)[0]).toMatchObject({ method: 'PATCH', body: { is_active: false } });
  });

  it('asks before deleting, and keeps the position the server refused to delete', async () => {
    const api = render();
    const row = await screen.findByTestId('position-4');
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0].method).toBe('DELETE');
    expect(screen.getByTestId('position-4')).toBeTruthy();
  });
});
