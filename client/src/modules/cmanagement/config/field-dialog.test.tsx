import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FieldDialog } from './field-dialog.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const saved: CmCustomFieldRow = {
  id: 31,
  category_id: 5,
  type: 'select',
  name: 'Recinto',
  description: null,
  options: [{ id: 'a1', name: 'Cocina', disabled: false }],
  multiple: false,
  required: false,
  active: true,
  position: 0,
};

function open(
  opts: { field?: CmCustomFieldRow | 'new'; activeCount?: number; answer?: (c: RecordedCall) => MockAnswer } = {},
) {
  const api = mockFetch(opts.answer ?? ((c) => ({ status: 201, body: { data: { ...saved, ...(c.body as object) } } })));
  const onClose = vi.fn();
  renderWithProviders(
    <FieldDialog categoryId={5} field={opts.field ?? 'new'} activeCount={opts.activeCount ?? 3} onClose={onClose} />,
  );
  return { api, onClose };
}
const chooseType = (type: string) => userEvent.selectOptions(screen.getByTestId('field-type'), type);

describe('the custom field dialog (docs/product.md §3 Custom field, §5 options)', () => {
  it('offers the options editor only for select types and "multiple" only for user and file', async () => {
    open();
    await screen.findByTestId('field-dialog');
    for (const [type, options, multiple] of [
      ['text', false, false],
      ['select', true, false],
      ['multi_select', true, false],
      ['user', false, true],
      ['file', false, true],
      ['checkbox', false, false],
    ] as const) {
      await chooseType(type);
      expect(screen.queryByTestId('field-options') !== null, `${type} options`).toBe(options);
      expect(screen.queryByTestId('field-multiple') !== null, `${type} multiple`).toBe(multiple);
    }
  });

  it('creates a select field with its options, never sending parts its type does not take', async () => {
    const { api, onClose } = open();
    await chooseType('user');
    await userEvent.click(within(screen.getByTestId('field-multiple')).getByRole('checkbox'));
    await chooseType('select');
    await userEvent.type(screen.getByTestId('field-name'), 'Recinto');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    // No enabled option yet: the shared schema's message, nothing sent.
    expect(await screen.findByText('Agregue al menos una opción habilitada')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await userEvent.type(screen.getByPlaceholderText(/opción/i), 'Cocina{Enter}');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      body: {
        type: 'select',
        name: 'Recinto',
        options: [{ id: null, name: 'Cocina', disabled: false }],
        multiple: false,
      },
    });
    expect(new URL(api.calls[0].url).pathname).toMatch(/cmanagement\/categorias\/5\/campos$/);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a 422 under the field it names, and a refusal of no field (the active limit) above the form', async () => {
    let answer: MockAnswer = {
      status: 422,
      body: { message: 'Datos inválidos', fields: { name: 'Ya hay un campo «Piso»' } },
    };
    const { onClose } = open({ answer: () => answer });
    await chooseType('text');
    await userEvent.type(screen.getByTestId('field-name'), 'Piso');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    expect(await screen.findByText('Ya hay un campo «Piso»')).toBeTruthy();
    answer = { status: 422, body: { message: 'La categoría ya tiene 20 campos activos', errors: [] } };
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    expect((await screen.findByTestId('field-refusal')).textContent).toContain(
      'La categoría ya tiene 20 campos activos',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns when a new active field would pass the category limit', async () => {
    open({ activeCount: 20 });
    expect((await screen.findByTestId('field-limit')).textContent).toContain('ya tiene 20 campos activos');
    await userEvent.click(within(screen.getByTestId('field-active')).getByRole('checkbox'));
    expect(screen.queryByTestId('field-limit')).toBeNull();
  });

  it('keeps the type of a saved field and sends the edit without it', async () => {
    const { api } = open({ field: saved, answer: (c) => ({ body: { data: { ...saved, ...(c.body as object) } } }) });
    const type = (await screen.findByTestId('field-type')) as HTMLSelectElement;
    expect(type.disabled).toBe(true);
    expect(screen.getByText(/El tipo no cambia/)).toBeTruthy();
    await userEvent.clear(screen.getByTestId('field-name'));
    await userEvent.type(screen.getByTestId('field-name'), 'Recinto afectado');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].method).toBe('PATCH');
    expect(api.calls[0].body).toMatchObject({ name: 'Recinto afectado', options: [{ id: 'a1', name: 'Cocina' }] });
    expect(api.calls[0].body).not.toHaveProperty('type');
  });
});
