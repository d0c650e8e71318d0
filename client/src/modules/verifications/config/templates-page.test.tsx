import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import {
  mockVerificationsApi,
  refusal,
  template,
  TEMPLATE_EDITOR,
  VIEWER,
  writes,
  type VerificationsState,
} from '../test/fixtures.ts';
import { ReceptionTemplatesPage } from './templates-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function render(permisos: string[], state: VerificationsState, write?: (call: RecordedCall) => MockAnswer) {
  const api = mockVerificationsApi(state, write);
  renderWithProviders(<ReceptionTemplatesPage />, {
    route: '/config/recepciones',
    queryClient: clientWithUser(permisos),
  });
  return api;
}

const titles = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId(/^checkpoint-title-/)
    .map((i) => (i as HTMLInputElement).value);

describe('config/recepciones (reception templates)', () => {
  it('lists the templates with their work package, checkpoints, receptions and active switch', async () => {
    render(TEMPLATE_EDITOR, {
      plantillas: [template(), template({ id: 5, name: 'Terminaciones', active: false, reception_count: 1 })],
    });
    const row = await screen.findByTestId('template-4');
    expect(row.textContent).toContain('Recepción de obra gruesa');
    expect(row.textContent).toContain('Partida: Obra gruesa');
    expect(within(row).getByTestId('template-counts').textContent).toBe('3 puntos de control · usada en 2 recepciones');
    expect(within(row).getByRole('checkbox', { name: 'Activa' })).toHaveProperty('checked', true);
    expect(within(screen.getByTestId('template-5')).getByTestId('template-counts').textContent).toContain(
      'usada en 1 recepción',
    );
    expect(screen.getByTestId('template-new')).toBeTruthy();
  });

  it('explains what a template is when there is none', async () => {
    render(TEMPLATE_EDITOR, { plantillas: [] });
    expect((await screen.findByTestId('templates-empty')).textContent).toContain(
      'Una plantilla es la lista de chequeo',
    );
  });

  it('creates a template: adds, reorders and removes checkpoints, and sends them in their order', async () => {
    const api = render(TEMPLATE_EDITOR, { plantillas: [] }, (call) => ({
      status: 201,
      body: { data: template({ id: 9, ...(call.body as object), reception_count: 0 }) },
    }));
    await userEvent.click(await screen.findByTestId('template-new'));
    const dialog = await screen.findByTestId('template-dialog');
    await userEvent.type(within(dialog).getByTestId('template-name'), 'Recepción de tabiques');
    await userEvent.type(within(dialog).getByTestId('template-work-package'), 'Tabiquería');
    await userEvent.type(within(dialog).getByTestId('checkpoint-title-0'), 'Plomo de tabiques');
    await userEvent.click(within(dialog).getByTestId('checkpoint-add'));
    await userEvent.type(within(dialog).getByTestId('checkpoint-title-1'), 'Fijaciones a losa');
    await userEvent.type(within(dialog).getByTestId('checkpoint-guidance-1'), 'Cada 60 cm');
    await userEvent.selectOptions(within(dialog).getByTestId('checkpoint-evidence-1'), 'foto_y_observacion');
    await userEvent.click(within(dialog).getByTestId('checkpoint-add'));
    await userEvent.type(within(dialog).getByTestId('checkpoint-title-2'), 'Sobra');
    expect(within(dialog).getByTestId('checkpoint-up-0')).toHaveProperty('disabled', true);
    expect(within(dialog).getByTestId('checkpoint-down-2')).toHaveProperty('disabled', true);

    // Moved up with the keyboard: the focus stays on the moved checkpoint's button.
    within(dialog).getByTestId('checkpoint-up-1').focus();
    await userEvent.keyboard('{Enter}');
    expect(titles(dialog)).toEqual(['Fijaciones a losa', 'Plomo de tabiques', 'Sobra']);
    expect(document.activeElement).toBe(within(dialog).getByTestId('checkpoint-down-0'));
    expect(within(dialog).getByRole('button', { name: 'Bajar el punto 1' })).toBe(document.activeElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar el punto 3' }));
    expect(titles(dialog)).toEqual(['Fijaciones a losa', 'Plomo de tabiques']);
    expect(within(dialog).getByTestId('checkpoint-guidance-0')).toHaveProperty('value', 'Cada 60 cm');

    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect((await screen.findByTestId('template-9')).textContent).toContain('Recepción de tabiques');
    expect(writes(api)).toHaveLength(1);
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/verificaciones/plantillas'),
      body: {
        name: 'Recepción de tabiques',
        work_package: 'Tabiquería',
        checkpoints: [
          { title: 'Fijaciones a losa', guidance: 'Cada 60 cm', evidence: 'foto_y_observacion' },
          { title: 'Plomo de tabiques', guidance: null, evidence: 'ninguna' },
        ],
      },
    });
  });

  it('checks the form before sending: a checkpoint without a title', async () => {
    const api = render(TEMPLATE_EDITOR, { plantillas: [] });
    await userEvent.click(await screen.findByTestId('template-new'));
    const dialog = await screen.findByTestId('template-dialog');
    await userEvent.type(within(dialog).getByTestId('template-name'), 'Plantilla');
    await userEvent.type(within(dialog).getByTestId('template-work-package'), 'Obra gruesa');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(within(dialog).getAllByTestId('checkpoint')[0].textContent).toContain('Este campo es obligatorio');
    expect(writes(api)).toEqual([]);
  });

  it('edits a template, sending only what changed, and shows the server’s 422 on the nested checkpoint', async () => {
    const api = render(TEMPLATE_EDITOR, { plantillas: [template()] }, () =>
      refusal({ 'checkpoints.1.title': 'El punto está repetido' }),
    );
    await userEvent.click(within(await screen.findByTestId('template-4')).getByTestId('template-edit'));
    const dialog = await screen.findByTestId('template-dialog');
    expect(titles(dialog)).toEqual(['Moldajes aplomados', 'Armaduras según plano', 'Limpieza del sector']);
    const second = within(dialog).getByTestId('checkpoint-title-1');
    await userEvent.clear(second);
    await userEvent.type(second, 'Moldajes aplomados');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('checkpoint')[1].textContent).toContain('El punto está repetido'),
    );
    expect(within(dialog).getAllByTestId('checkpoint')[0].textContent).not.toContain('El punto está repetido');
    expect(writes(api)[0]).toMatchObject({
      method: 'PATCH',
      url: expect.stringContaining('/verificaciones/plantillas/4'),
      body: {
        checkpoints: [
          { title: 'Moldajes aplomados', guidance: 'Revisar con plomada en cada esquina', evidence: 'foto' },
          { title: 'Moldajes aplomados', guidance: null, evidence: 'foto_y_observacion' },
          { title: 'Limpieza del sector', guidance: null, evidence: 'ninguna' },
        ],
      },
    });
    expect(writes(api)[0].body).not.toHaveProperty('name');
  });

  it('deactivates a template with its switch', async () => {
    const api = render(TEMPLATE_EDITOR, { plantillas: [template()] }, () => ({
      body: { data: template({ active: false }) },
    }));
    const row = await screen.findByTestId('template-4');
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Activa' }));
    await waitFor(() => expect(screen.getByTestId('template-4').getAttribute('data-active')).toBe('false'));
    expect(writes(api)[0]).toMatchObject({ method: 'PATCH', body: { active: false } });
  });

  it('is read-only without config_recepciones', async () => {
    render(VIEWER, { plantillas: [template(), template({ id: 5, name: 'Terminaciones', active: false })] });
    const row = await screen.findByTestId('template-4');
    expect(row.textContent).toContain('Activa');
    expect(screen.getByTestId('template-5').textContent).toContain('Inactiva');
    expect(screen.getByTestId('templates-read-only')).toBeTruthy();
    expect(screen.queryByTestId('template-new')).toBeNull();
    expect(screen.queryByTestId('template-edit')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
