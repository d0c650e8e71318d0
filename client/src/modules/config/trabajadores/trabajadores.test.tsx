import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkerRow } from '#domain/workers-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TrabajadoresPage } from './trabajadores-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const worker: WorkerRow = {
  id: 3,
  first_name: 'Juan',
  last_name: 'Pérez Soto',
  full_name: 'Juan Pérez Soto',
  rut: '12345678-5',
  contractor_company: 'Andamios del Sur',
  position: { id: 1, name: 'Jornal' },
  contract_type: 'plazo_fijo',
  start_date: '2030-01-07',
  end_date: '2030-06-30',
  is_active: true,
  user: null,
  updated_at: '2030-01-07T12:00:00.000Z',
};

function answer(country: string) {
  return mockFetch((call) => {
    if (call.url.includes('/opciones'))
      return { body: { data: { country, positions: [{ id: 1, name: 'Jornal' }], users: [] } } };
    if (call.method === 'POST')
      return {
        status: 422,
        body: { message: 'Los datos enviados no son válidos', errors: [], fields: { rut: 'RUT inválido' } },
      };
    return { body: { data: [worker], current_page: 1, total: 1, has_more: false, rowsPerPage: 50 } };
  });
}

describe('config trabajadores (docs/product.md §2 workers and their contracts)', () => {
  it('lists workers with their contract and filters by contract type', async () => {
    const fetch = answer('CL');
    renderWithProviders(<TrabajadoresPage />, { route: '/config/trabajadores' });
    const table = await screen.findByTestId('workers-table');
    expect(within(table).getByText('Juan Pérez Soto')).toBeTruthy();
    expect(within(table).getByText('Plazo fijo')).toBeTruthy();
    expect(within(table).getByText('30-06-2030')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'RUT' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tipo de contrato'), { target: { value: 'honorarios' } });
    await waitFor(() =>
      expect(fetch.calls.some((c) => /trabajadores\?.*contract_type=honorarios/.test(c.url))).toBe(true),
    );
  });

  it("labels the document by the company's country and shows the server's 422 on its field", async () => {
    answer('BR');
    renderWithProviders(<TrabajadoresPage />, { route: '/config/trabajadores' });
    await screen.findByRole('columnheader', { name: 'Documento de identidade' });
    fireEvent.click(screen.getByTestId('worker-new'));
    const dialog = await screen.findByTestId('worker-dialog');
    fireEvent.change(within(dialog).getByTestId('worker-first_name'), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByTestId('worker-last_name'), { target: { value: 'Lima' } });
    fireEvent.change(within(dialog).getByTestId('worker-contract_type'), { target: { value: 'indefinido' } });
    fireEvent.change(within(dialog).getByTestId('worker-start_date'), { target: { value: '2030-01-07' } });
    fireEvent.change(within(dialog).getByTestId('worker-end_date'), { target: { value: '2029-01-01' } });
    fireEvent.click(within(dialog).getByTestId('worker-save'));
    // The shared schema refuses an end before the start before anything is sent.
    await within(dialog).findByText(/posterior a/);
    fireEvent.change(within(dialog).getByTestId('worker-end_date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('worker-save'));
    await within(dialog).findByText('RUT inválido');
  });
});
