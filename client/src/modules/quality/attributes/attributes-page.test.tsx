import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QualityAttribute } from '#domain/quality-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { AttributesPage } from './attributes-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const tower = (): QualityAttribute => ({
  id: 4,
  name: 'Torre',
  position: 0,
  values: [
    { id: 10, name: 'Torre A', activity_count: 3 },
    { id: 11, name: 'Torre B', activity_count: 0 },
  ],
});

function render(permisos: string[], rows: QualityAttribute[], write?: (call: RecordedCall) => MockAnswer) {
  const api = mockFetch((call: RecordedCall) => {
    if (call.method === 'GET') return { body: { data: rows } };
    return write?.(call) ?? { status: 404, body: { message: 'No encontrado' } };
  });
  renderWithProviders(<AttributesPage />, {
    route: '/config/calidad/attributes',
    queryClient: clientWithUser(permisos),
  });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

describe('config/calidad/attributes (docs/product.md §3 Attribute and attribute value)', () => {
  it('lists attributes with their values and how many activities use each', async () => {
    render(['modulo_calidad', 'calidad_editar'], [tower()]);
    const card = await screen.findByTestId('attribute-4');
    expect(card.textContent).toContain('2 valores');
    expect(within(card).getByTestId('value-10').textContent).toContain('3 actividades');
    expect(within(card).getByTestId('value-11').textContent).toContain('0 actividades');
  });

  it('is read-only without calidad_editar, and says when there is nothing yet', async () => {
    render(['modulo_calidad'], []);
    expect((await screen.findByTestId('attributes-empty')).textContent).toBe('Aún no hay atributos.');
    expect(screen.getByTestId('attributes-read-only')).toBeTruthy();
    expect(screen.queryByTestId('attribute-new')).toBeNull();
  });

  it('creates an attribute, showing the server’s refusal on the field', async () => {
    const api = render(['modulo_calidad', 'calidad_editar'], [], () => ({
      status: 422,
      body: {
        message: 'Error',
        errors: ['Ya existe un atributo con ese nombre'],
        fields: { name: 'Ya existe un atributo con ese nombre' },
      },
    }));
    await userEvent.click(await screen.findByTestId('attribute-new'));
    const dialog = await screen.findByTestId('attribute-name-dialog');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(dialog.textContent).toContain('Este campo es obligatorio');
    expect(writes(api)).toEqual([]);
    await userEvent.type(within(dialog).getByTestId('attribute-name-input'), 'Torre');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(dialog.textContent).toContain('Ya existe un atributo con ese nombre'));
    expect(writes(api)[0]).toMatchObject({ method: 'POST', body: { name: 'Torre' } });
  });

  it('adds many values one per line and lists the server’s per-line errors', async () => {
    const api = render(['modulo_calidad', 'calidad_editar'], [tower()], () => ({
      status: 422,
      body: {
        message: 'Error',
        errors: ['Línea 2: «torre a» ya existe en el atributo', 'Línea 4: «C» ya está en la línea 3'],
        fields: {
          'names.2': 'Línea 2: «torre a» ya existe en el atributo',
          'names.4': 'Línea 4: «C» ya está en la línea 3',
        },
      },
    }));
    await userEvent.click(within(await screen.findByTestId('attribute-4')).getByTestId('values-bulk'));
    const dialog = await screen.findByTestId('values-bulk-dialog');
    await userEvent.type(within(dialog).getByTestId('values-bulk-input'), 'Torre C{enter}torre a{enter}C{enter}C');
    expect(within(dialog).getByTestId('form-dialog-submit').textContent).toBe('Crear 4 valores');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    const list = await within(dialog).findByTestId('values-bulk-errors');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Línea 2: «torre a» ya existe en el atributo',
      'Línea 4: «C» ya está en la línea 3',
    ]);
    expect(writes(api)[0]).toMatchObject({ url: expect.stringContaining('/atributos/4/valores/masivo') });
  });

  it('deletes a value after a confirmation that says how many activities lose it', async () => {
    const api = render(['modulo_calidad', 'calidad_editar'], [tower()], () => ({
      body: { data: { id: 10, activity_count: 3 } },
    }));
    await userEvent.click(within(await screen.findByTestId('value-10')).getByTestId('value-delete'));
    const dialog = await screen.findByTestId('attribute-delete-dialog');
    expect(dialog.textContent).toContain('¿Eliminar «Torre A»? 3 actividades lo tienen asignado y lo perderán.');
    await userEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('value-10')).toBeNull());
    expect(writes(api)[0]).toMatchObject({ method: 'DELETE', url: expect.stringContaining('/atributos/4/valores/10') });
  });
});
