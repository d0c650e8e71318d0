import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONCRETE_SETTINGS_DEFAULTS, DEFAULT_CONCRETE_ELEMENTS } from '#domain/concrete';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import {
  EDITOR,
  VIEWER,
  element,
  laboratory,
  refusal,
  settings,
  writes,
  type ConcreteState,
} from '../test/fixtures.ts';
import { renderConfigPage } from '../test/render-config-page.tsx';
import { ConcreteConfigPage } from './concreto-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const render = (permisos: string[], state: ConcreteState, write?: (call: RecordedCall) => MockAnswer) =>
  renderConfigPage(ConcreteConfigPage, 'concreto', permisos, state, write);
const input = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;

describe('config/hormigon/concreto (docs/product.md §2 Concrete configuration)', () => {
  it('lists the elements, the m3 settings with their units and the laboratories', async () => {
    render(EDITOR, {
      elementos: [element(), element({ id: 2, name: 'Muro', position: 1, active: false })],
      laboratorios: [laboratory()],
      configuracion: settings({ truck_m3_max: 7.5 }),
    });
    const list = await screen.findByTestId('elements-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      expect.stringContaining('Losa'),
      expect.stringContaining('Muro'),
    ]);
    expect(screen.getByTestId('elements-2').dataset.active).toBe('false');
    expect(within(screen.getByTestId('elements-2')).getByRole('checkbox', { name: 'Activo' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByText('Máximo por camión (m³)')).toBeTruthy();
    expect(input('setting-truck_m3_max').value).toBe('7,5');
    // 5 %, written with or without its one decimal (client/src/widgets/number-input.tsx pads to its precision).
    expect(input('setting-m3_tolerance_pct').value).toBe('5');
    expect(screen.getByTestId('setting-m3_tolerance_pct').textContent).toContain('Entre 0 y 50 %.');
    expect(screen.getByTestId('m3-saved-at').textContent).toBe(
      'Valores predeterminados: la empresa aún no guarda los suyos.',
    );
    const lab = await screen.findByTestId('laboratories-7');
    expect(lab.textContent).toContain('Laboratorio Idiem');
    expect(lab.textContent).toContain('RUT 76.543.210-3 · ensayos@idiem.cl · +56 2 2978 4000');
  });

  it('offers the default elements when there are none, and shows the list the server answers', async () => {
    const api = render(EDITOR, { elementos: [] }, () => ({
      body: { data: DEFAULT_CONCRETE_ELEMENTS.map((name, i) => element({ id: i + 1, name, position: i })) },
    }));
    const empty = await screen.findByTestId('elements-empty');
    expect(empty.textContent).toContain('Se agregan: Losa, Muro, Pilar, Viga, Fundación, Radier, Escalera.');
    await userEvent.click(within(empty).getByTestId('elements-defaults'));
    const list = await screen.findByTestId('elements-list');
    expect(list.querySelectorAll('li')).toHaveLength(DEFAULT_CONCRETE_ELEMENTS.length);
    expect(writes(api)).toEqual([
      expect.objectContaining({ method: 'POST', url: expect.stringContaining('/hormigon/elementos/predeterminados') }),
    ]);
  });

  it('creates an element: an empty name is refused here, a repeated one by the server on the field', async () => {
    const api = render(EDITOR, { elementos: [element()] }, () =>
      refusal({ name: 'Ya existe un registro con ese nombre' }),
    );
    await userEvent.click(await screen.findByTestId('elements-new'));
    const dialog = await screen.findByTestId('element-dialog');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(dialog.textContent).toContain('Este campo es obligatorio');
    expect(writes(api)).toEqual([]);
    await userEvent.type(within(dialog).getByTestId('element-name'), 'losa');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(dialog.textContent).toContain('Ya existe un registro con ese nombre'));
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/hormigon/elementos'),
      body: { name: 'losa' },
    });
  });

  it('renames an element in its dialog and writes the answer into the list', async () => {
    const api = render(EDITOR, { elementos: [element()] }, (call) => ({
      body: { data: element({ name: (call.body as { name: string }).name }) },
    }));
    await userEvent.click(within(await screen.findByTestId('elements-1')).getByTestId('elements-edit'));
    const field = within(await screen.findByTestId('element-dialog')).getByTestId('element-name');
    expect((field as HTMLInputElement).value).toBe('Losa');
    await userEvent.clear(field);
    await userEvent.type(field, 'Losa postensada');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('elements-1').textContent).toContain('Losa postensada'));
    expect(writes(api)[0]).toMatchObject({ method: 'PATCH', url: expect.stringContaining('/hormigon/elementos/1') });
  });

  it('disables an element with its switch (entries are disabled, never deleted)', async () => {
    const api = render(EDITOR, { elementos: [element()] }, () => ({ body: { data: element({ active: false }) } }));
    const row = await screen.findByTestId('elements-1');
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Activo' }));
    await waitFor(() => expect(screen.getByTestId('elements-1').dataset.active).toBe('false'));
    expect(writes(api)).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: expect.stringContaining('/hormigon/elementos/1'),
        body: { active: false },
      }),
    ]);
  });

  it('saves the m3 settings typed with a decimal comma, sending the whole settings', async () => {
    const api = render(EDITOR, { configuracion: settings() }, (call) => ({
      body: { data: { ...(call.body as object), updated_at: '2026-12-02T15:30:00.000Z' } },
    }));
    const save = await screen.findByTestId('m3-save');
    expect(save).toHaveProperty('disabled', true);
    const truck = input('setting-truck_m3_max');
    await userEvent.clear(truck);
    await userEvent.type(truck, '7,5');
    const tolerance = input('setting-m3_tolerance_pct');
    await userEvent.clear(tolerance);
    await userEvent.type(tolerance, '2,5{tab}');
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('m3-saved-at').textContent).toMatch(/^Guardada el 02-12-2026/));
    expect(writes(api)[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('/hormigon/configuracion'),
      body: { ...CONCRETE_SETTINGS_DEFAULTS, truck_m3_max: 7.5, m3_tolerance_pct: 2.5 },
    });
    expect(input('setting-truck_m3_max').value).toBe('7,5');
  });

  it('keeps an emptied setting from being saved, and shows the server’s refusal on its field', async () => {
    const api = render(EDITOR, { configuracion: settings() }, () =>
      refusal({ placement_m3_max: 'El valor máximo es 5.000' }),
    );
    await screen.findByTestId('setting-placement_m3_max');
    const placement = input('setting-placement_m3_max');
    await userEvent.clear(placement);
    await userEvent.click(screen.getByTestId('m3-save'));
    expect(screen.getByTestId('setting-placement_m3_max').textContent).toContain('Este campo es obligatorio');
    expect(writes(api)).toEqual([]);
    await userEvent.type(placement, '400');
    await userEvent.click(screen.getByTestId('m3-save'));
    await waitFor(() =>
      expect(screen.getByTestId('setting-placement_m3_max').textContent).toContain('El valor máximo es 5.000'),
    );
  });

  it('creates a laboratory only with a valid RUT and e-mail', async () => {
    const api = render(EDITOR, { laboratorios: [] }, (call) => ({
      status: 201,
      body: { data: laboratory({ id: 8, ...(call.body as object) }) },
    }));
    await userEvent.click(await screen.findByTestId('laboratories-new'));
    const dialog = await screen.findByTestId('laboratory-dialog');
    await userEvent.type(within(dialog).getByTestId('laboratory-name'), 'Lab Sur');
    await userEvent.type(within(dialog).getByTestId('laboratory-rut'), '76543210-4');
    await userEvent.type(within(dialog).getByTestId('laboratory-email'), 'lab@');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(dialog.textContent).toContain('RUT inválido');
    expect(dialog.textContent).toContain('Ingrese un correo electrónico válido');
    expect(writes(api)).toEqual([]);
    await userEvent.clear(within(dialog).getByTestId('laboratory-rut'));
    await userEvent.type(within(dialog).getByTestId('laboratory-rut'), '76.543.210-3');
    await userEvent.type(within(dialog).getByTestId('laboratory-email'), 'sur.cl');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(await screen.findByTestId('laboratories-8')).toBeTruthy();
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Lab Sur', rut: '76543210-3', email: 'lab@sur.cl', phone: null },
    });
  });

  it('shows everything read-only without hormigon_editar', async () => {
    render(VIEWER, { elementos: [element()], laboratorios: [laboratory()] });
    expect(await screen.findByTestId('elements-1')).toBeTruthy();
    expect(screen.getByTestId('concrete-read-only')).toBeTruthy();
    expect(screen.queryByTestId('elements-new')).toBeNull();
    expect(screen.queryByTestId('laboratories-new')).toBeNull();
    expect(screen.queryByTestId('elements-edit')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByTestId('elements-1').textContent).toContain('Activo');
    await screen.findByTestId('m3-form');
    expect(screen.queryByTestId('m3-save')).toBeNull();
    expect(input('setting-truck_m3_max').readOnly).toBe(true);
  });

  it('does not offer the default elements to a viewer of an empty list', async () => {
    render(VIEWER, { elementos: [] });
    expect((await screen.findByTestId('elements-empty')).textContent).toBe('Aún no hay elementos.');
    expect(screen.queryByTestId('elements-defaults')).toBeNull();
  });
});
