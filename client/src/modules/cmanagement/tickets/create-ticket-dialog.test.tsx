import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CM_MANAGE } from '#domain/cmanagement';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { category, fieldRow, people } from '../test/fixtures.ts';
import { CreateTicketDialog } from './create-ticket-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const fields = [
  fieldRow(1, { type: 'text', name: 'Sector', required: true }),
  fieldRow(2, { type: 'long_text', name: 'Detalle' }),
  fieldRow(3, { type: 'number', name: 'Metros' }),
  fieldRow(4, { type: 'date', name: 'Visita' }),
  fieldRow(5, {
    type: 'select',
    name: 'Especialidad',
    required: true,
    options: [
      { id: 'a', name: 'Eléctrica', disabled: false },
      { id: 'b', name: 'Sanitaria', disabled: false },
      { id: 'c', name: 'Antigua', disabled: true },
    ],
  }),
  fieldRow(6, { type: 'multi_select', name: 'Pisos', options: [{ id: 'p1', name: 'Piso 1', disabled: false }] }),
  fieldRow(7, { type: 'checkbox', name: 'Urgente en obra' }),
  fieldRow(8, { type: 'user', name: 'Inspector' }),
  fieldRow(9, { type: 'file', name: 'Plano firmado' }),
  fieldRow(10, { type: 'text', name: 'Inactivo', active: false }),
];

function serve(create: () => { status: number; body: unknown }) {
  return mockFetch((call) => {
    const path = new URL(call.url).pathname;
    if (call.method === 'POST' && path.endsWith('/cmanagement/tickets')) return create();
    if (path.endsWith('/cmanagement/categorias'))
      return { body: { data: [category, { ...category, id: 10, name: 'Deshabilitada', enabled: false }] } };
    if (path.endsWith('/cmanagement/categorias/9/campos')) return { body: { data: fields } };
    if (path.endsWith('/cmanagement/personas')) return { body: { data: people } };
    return { body: { data: [] } };
  });
}

async function fillBase() {
  await userEvent.selectOptions(screen.getByTestId('field-project'), '3');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Coordinación' })).toBeTruthy());
  expect(screen.queryByRole('option', { name: 'Deshabilitada' })).toBeNull();
  await userEvent.selectOptions(screen.getByTestId('field-category'), '9');
  await userEvent.type(screen.getByTestId('field-title'), 'Filtración en losa');
}

describe('create ticket: the category custom fields (docs/product.md §3 Custom field)', () => {
  it('renders each active field by its type with its required mark, and checks them with the shared schema', async () => {
    const api = serve(() => ({ status: 200, body: { data: {} } }));
    renderWithProviders(<CreateTicketDialog open onClose={() => {}} />, { queryClient: clientWithUser([CM_MANAGE]) });
    await fillBase();
    const form = await screen.findByTestId('custom-fields');
    expect(form.querySelector('[data-testid="custom-field-1"]')).toBeTruthy();
    expect(screen.queryByText('Inactivo')).toBeNull();
    expect(within(screen.getByTestId('custom-field-box-1')).getByText('*')).toBeTruthy();
    expect(within(screen.getByTestId('custom-field-box-2')).queryByText('*')).toBeNull();
    expect(screen.getByLabelText('Metros')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Urgente en obra' })).toBeTruthy();
    // A disabled option takes no new answer.
    expect(screen.queryByRole('option', { name: 'Antigua' })).toBeNull();
    await userEvent.click(screen.getByTestId('create-ticket-submit'));
    expect(await within(screen.getByTestId('custom-field-box-1')).findByText('Este campo es obligatorio')).toBeTruthy();
    expect(within(screen.getByTestId('custom-field-box-5')).getByText('Este campo es obligatorio')).toBeTruthy();
    expect(within(screen.getByTestId('custom-field-box-3')).queryByText('Este campo es obligatorio')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the answers and shows the server errors under their fields', async () => {
    const api = serve(() => ({
      status: 422,
      body: {
        message: 'Los datos enviados no son válidos',
        errors: ['Elija una de las opciones habilitadas del campo'],
        fields: { 'custom_values.5': 'Elija una de las opciones habilitadas del campo' },
      },
    }));
    renderWithProviders(<CreateTicketDialog open onClose={() => {}} />, { queryClient: clientWithUser([CM_MANAGE]) });
    await fillBase();
    await userEvent.type(await screen.findByTestId('custom-field-1'), 'Torre A');
    await userEvent.selectOptions(screen.getByTestId('custom-field-5'), 'b');
    await userEvent.click(screen.getByTestId('create-ticket-submit'));
    const box = screen.getByTestId('custom-field-box-5');
    expect(await within(box).findByText('Elija una de las opciones habilitadas del campo')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      project_id: 3,
      category_id: 9,
      title: 'Filtración en losa',
      custom_values: { '1': 'Torre A', '5': 'b' },
    });
  });
});
