import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../shared/session/session-store.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ApiFeedback } from './api-feedback.tsx';
import { apiV1, apiV2, v1Url, v2Url } from './clients.ts';
import { ApiRequestError } from './errors.ts';
import { mockFetch } from './mock-fetch.ts';
import { loadToaster, warningsDialog } from './notify.ts';

// Rendering Chakra in happy-dom on a shared 2-core machine is slow: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  (await loadToaster()).toaster.remove(); // toasts live in a module-level store: start each test empty
  localStorage.clear();
  session.reset();
  warningsDialog.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('API clients (docs/product.md §7)', () => {
  it('sends X-Requested-With, JSON content type and accept, and Accept-Language with the current locale', async () => {
    const f = mockFetch(() => ({ body: { data: 1 } }));
    session.setLocale('pt-BR');
    session.setHeaders({ Authorization: 'Bearer portal-token' });
    await apiV2.post('auth/login', { username: 'a', password: 'b' });
    const { headers, url, method, body } = f.last();
    expect(url).toBe(`${window.location.origin}/api/v2/public/api/auth/login`);
    expect(method).toBe('POST');
    expect(body).toEqual({ username: 'a', password: 'b' });
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.accept).toBe('application/json');
    expect(headers['accept-language']).toBe('pt-BR');
    expect(headers.authorization).toBe('Bearer portal-token');
  });

  it('serialises query arrays as comma lists and omits nulls', () => {
    const url = v2Url('home/proyectos', {
      ids: [3, 5, 8],
      estado: ['A', 'P'],
      search: null,
      empty: undefined,
      page: 2,
      descending: false,
    });
    const q = new URL(url).searchParams;
    expect(q.get('ids')).toBe('3,5,8');
    expect(q.get('estado')).toBe('A,P');
    expect(q.has('search')).toBe(false);
    expect(q.has('empty')).toBe(false);
    expect(q.get('page')).toBe('2');
    expect(q.get('descending')).toBe('false');
  });

  it('sends absolute URLs without the common headers (presigned storage)', async () => {
    const f = mockFetch(() => ({ status: 200 }));
    const file = new Blob(['x'], { type: 'image/png' });
    await apiV2.put('https://storage.example.com/bucket/key?sig=1', file, { headers: { 'Content-Type': 'image/png' } });
    const { url, headers } = f.last();
    expect(url).toBe('https://storage.example.com/bucket/key?sig=1');
    expect(headers['x-requested-with']).toBeUndefined();
    expect(headers['accept-language']).toBeUndefined();
    expect(headers['content-type']).toBe('image/png');
  });

  it('version 1 puts the path in ?request=, unless it begins with index.php', async () => {
    expect(v1Url('propietarios/listar', { page: 1 }, 'https://app.test')).toBe(
      'https://app.test/api/v1/api.php?request=propietarios%2Flistar&page=1',
    );
    expect(v1Url('index.php/reportes/x', undefined, 'https://app.test')).toBe(
      'https://app.test/api/v1/index.php/reportes/x',
    );
    const f = mockFetch(() => ({ body: {} }));
    await apiV1.get('configuracion');
    expect(f.last().url).toBe(`${window.location.origin}/api/v1/api.php?request=configuracion`);
  });
});

describe('errors and warnings (docs/product.md §8)', () => {
  it('a 422 toasts orange-warning with the server message and its errors as bullets, and the request rejects', async () => {
    mockFetch(() => ({
      status: 422,
      body: {
        message: 'Los datos enviados no son válidos',
        errors: ['Nombre: Este campo es obligatorio', 'Valores no coinciden'],
      },
    }));
    renderWithProviders(<ApiFeedback />);
    const request = apiV2.post('x', {});
    await expect(request).rejects.toBeInstanceOf(ApiRequestError);
    await expect(request).rejects.toMatchObject({
      status: 422,
      errors: ['Nombre: Este campo es obligatorio', 'Valores no coinciden'],
    });
    const toast = await screen.findByTestId('api-toast', {}, { timeout: 3000 });
    expect(toast.getAttribute('data-type')).toBe('warning');
    expect(toast.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('warning');
    expect(within(toast).getByText('Los datos enviados no son válidos')).toBeTruthy();
    expect(
      within(toast)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nombre: Este campo es obligatorio', 'Valores no coinciden']);
    // docs/product.md §8/§9: bottom-left, 8000 ms.
    expect(toast.closest('[data-placement]')?.getAttribute('data-placement')).toBe('bottom-start');
    expect((await loadToaster()).toaster.getVisibleToasts()[0]).toMatchObject({ duration: 8000 });
  });

  it('leaves out a bullet that only repeats the message', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: 'El enlace no es válido o expiró', errors: ['El enlace no es válido o expiró'] },
    }));
    renderWithProviders(<ApiFeedback />);
    await expect(apiV2.post('auth/password/reset', {})).rejects.toMatchObject({ status: 422 });
    const toast = await screen.findByTestId('api-toast', {}, { timeout: 3000 });
    expect(within(toast).getByText('El enlace no es válido o expiró')).toBeTruthy();
    expect(within(toast).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('a 500 without message toasts red-error with the default text', async () => {
    mockFetch(() => ({ status: 500, body: { errors: [] } }));
    renderWithProviders(<ApiFeedback />);
    await expect(apiV2.get('boom')).rejects.toMatchObject({ status: 500 });
    const toast = await screen.findByTestId('api-toast', {}, { timeout: 3000 });
    expect(toast.getAttribute('data-type')).toBe('error');
    expect(toast.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('error');
    expect(within(toast).getByText('Ha ocurrido un error')).toBeTruthy();
    expect(within(toast).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('a success carrying warnings opens a persistent dialog titled with the message, closed only by Aceptar', async () => {
    mockFetch(() => ({
      body: {
        message: 'Guardado con observaciones',
        data: { id: 1 },
        warnings: ['La unidad 101 no tiene propietario', 'Falta el plano'],
      },
    }));
    renderWithProviders(<ApiFeedback />);
    const res = await apiV2.post<{ data: { id: number } }>('x', {});
    expect(res.data.id).toBe(1);
    const dialog = await screen.findByTestId('warnings-dialog', {}, { timeout: 3000 });
    expect(within(dialog).getByText('Guardado con observaciones')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['La unidad 101 no tiene propietario', 'Falta el plano']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('warnings-dialog')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByTestId('warnings-dialog')).toBeNull());
  });

  it('titles the warnings dialog "Atención" when the response has no message', async () => {
    mockFetch(() => ({ body: { warnings: ['Revise la fecha'] } }));
    renderWithProviders(<ApiFeedback />);
    await act(async () => {
      await apiV2.get('x');
    });
    const dialog = await screen.findByTestId('warnings-dialog', {}, { timeout: 3000 });
    expect(within(dialog).getByText('Atención')).toBeTruthy();
  });

  it('a silent call rejects without a toast (the start-up session probe)', async () => {
    mockFetch(() => ({ status: 401, body: { message: 'Debe iniciar sesión', errors: [] } }));
    renderWithProviders(<ApiFeedback />);
    await expect(apiV2.get('auth/usuario', { silent: true })).rejects.toMatchObject({ status: 401 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('api-toast')).toBeNull();
  });
});
