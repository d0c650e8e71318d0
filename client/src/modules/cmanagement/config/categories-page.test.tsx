import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CmCategoryRow } from '#domain/cmanagement-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CategoriesConfigPage } from './categories-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function render() {
  let row: CmCategoryRow = { id: 5, name: 'Postventa interna', enabled: true, ticket_count: 3, active_field_count: 12 };
  const api = mockFetch((call: RecordedCall) => {
    if (call.method === 'GET') return { body: { data: [row] } };
    if (call.method === 'PATCH') {
      row = { ...row, ...(call.body as object) };
      return { body: { data: row } };
    }
    return {
      status: 409,
      body: { message: 'La categoría tiene 3 tickets: deshabilítela en lugar de eliminarla', errors: [] },
    };
  });
  renderWithProviders(<CategoriesConfigPage />, { route: '/config/cmanagement/categories' });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

describe('config/cmanagement categories (docs/product.md §3 Category)', () => {
  it('lists a category with its tickets and its active fields against the limit', async () => {
    render();
    const row = await screen.findByTestId('category-5');
    expect(row.textContent).toContain('3 tickets');
    expect(row.textContent).toContain('12 de 20 campos activos');
    expect(within(row).getByTestId('category-state').textContent).toBe('Habilitada');
  });

  it('disables and enables a category, saying that a disabled one keeps its tickets', async () => {
    const api = render();
    const row = await screen.findByTestId('category-5');
    await userEvent.click(within(row).getByTestId('category-toggle'));
    await waitFor(() =>
      expect(within(screen.getByTestId('category-5')).getByTestId('category-state').textContent).toBe('Deshabilitada'),
    );
    expect(writes(api)[0]).toMatchObject({ method: 'PATCH', body: { enabled: false } });
    expect(screen.getByTestId('category-5').textContent).toContain(
      'No recibe tickets nuevos; los que ya tiene la conservan.',
    );
    await userEvent.click(within(screen.getByTestId('category-5')).getByRole('button', { name: 'Habilitar' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('category-5')).getByTestId('category-state').textContent).toBe('Habilitada'),
    );
    expect(writes(api)[1]).toMatchObject({ method: 'PATCH', body: { enabled: true } });
  });

  it('shows the server’s refusal to delete a category with tickets and offers to disable it', async () => {
    const api = render();
    await userEvent.click(within(await screen.findByTestId('category-5')).getByTestId('category-delete'));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    const refusal = await screen.findByTestId('category-delete-refused');
    expect(refusal.textContent).toContain('La categoría tiene 3 tickets');
    expect(writes(api)[0].method).toBe('DELETE');
    await userEvent.click(within(refusal).getByRole('button', { name: 'Deshabilitar' }));
    await waitFor(() => expect(writes(api)[1]).toMatchObject({ method: 'PATCH', body: { enabled: false } }));
  });
});
