import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockLibrary, renderExplorer, routeOf } from '../test/fixtures.tsx';
import { ActivationPage } from './activation-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const status = (value: string) => () => ({
  body: { data: { modulo: 'biblioteca', status: value, label: value, is_active: value === 'activo' } },
});

describe('Cbox activation (/cbox/activation)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('explains Cbox and, for a company without it, requests biblioteca after a confirmation', async () => {
    const api = mockLibrary({
      'configuracion/estatus/cbox': status('inactivo'),
      'POST configuracion/integraciones/solicitudes': () => ({
        status: 201,
        body: { message: 'Solicitud enviada', data: { key: 'biblioteca_solicitar_activacion' } },
      }),
    });
    renderExplorer(<ActivationPage />, '/cbox/activation', ['config_integraciones']);
    const box = await screen.findByTestId('cbox-activation-inactive');
    expect(screen.getByTestId('cbox-activation').textContent).toContain('Papelera con 30 días');
    await userEvent.click(within(box).getByRole('button', { name: 'Solicitar la activación de Cbox' }));
    await userEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(routeOf(post).path).toBe('configuracion/integraciones/solicitudes');
    expect(post.body).toEqual({ target: { kind: 'module', module: 'biblioteca' } });
  });

  it('tells someone who may not request it to ask an administrator', async () => {
    mockLibrary({ 'configuracion/estatus/cbox': status('inactivo') });
    renderExplorer(<ActivationPage />, '/cbox/activation', []);
    const box = await screen.findByTestId('cbox-activation-inactive');
    expect(within(box).queryByRole('button')).toBeNull();
    expect(box.textContent).toContain('Pida a un administrador');
  });

  it('opens the library when the module is already active and the user holds it', async () => {
    mockLibrary({ 'configuracion/estatus/cbox': status('activo') });
    renderExplorer(<ActivationPage />, '/cbox/activation', ['modulo_biblioteca']);
    const box = await screen.findByTestId('cbox-activation-active');
    expect(within(box).getByRole('link', { name: 'Abrir la biblioteca' }).getAttribute('href')).toBe('/cbox/folders');
  });

  it('says a request is on its way instead of offering another', async () => {
    mockLibrary({ 'configuracion/estatus/cbox': status('solicitado') });
    renderExplorer(<ActivationPage />, '/cbox/activation', ['config_integraciones']);
    expect(await screen.findByTestId('cbox-activation-pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar la activación de Cbox' })).toBeNull();
  });
});
