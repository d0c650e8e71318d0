import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionView, ModuleRequestView } from '#domain/integrations-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { IntegrationsIndexPage } from './integrations-index-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const connection = (kind: ConnectionView['kind'], state: ConnectionView['state']): ConnectionView => ({
  kind,
  state,
  configured: true,
  settings: {},
  secrets: {},
  requested_at: null,
  updated_at: null,
});
const modules: ModuleRequestView[] = [
  { module: 'biblioteca', status: 'activo', requested_at: null },
  { module: 'billing', status: null, requested_at: null },
];

function render() {
  const api = mockFetch((call) => {
    if (call.url.includes('/modulos')) return { body: { data: modules } };
    if (call.method === 'GET')
      return {
        body: {
          data: [connection('hubspot', null), connection('procore', 'en_proceso'), connection('calendario', 'activa')],
        },
      };
    return {
      status: 201,
      body: { message: 'Solicitud registrada', data: { key: 'x', state: 'solicitada', provider_notified: true } },
    };
  });
  renderWithProviders(<IntegrationsIndexPage />, { route: '/config/integraciones' });
  return api;
}

describe('config/integraciones index (docs/product.md §2, §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each integration with its state and next step, and the modules not active with a request', async () => {
    render();
    const hubspot = await screen.findByTestId('integration-hubspot');
    expect(hubspot.textContent).toContain('No solicitada');
    expect(within(hubspot).getByRole('button', { name: 'Solicitar' })).toBeTruthy();
    const procore = screen.getByTestId('integration-procore');
    expect(procore.textContent).toContain('En proceso');
    expect(within(procore).getByRole('link', { name: 'Configurar' }).getAttribute('href')).toBe(
      '/config/integraciones/procore',
    );
    expect(within(screen.getByTestId('integration-calendario')).getByText('Desactivar')).toBeTruthy();
    expect(screen.getByTestId('developer-webhooks')).toBeTruthy();
    const billing = await screen.findByTestId('module-billing');
    expect(within(billing).getByText('Solicitar activación')).toBeTruthy();
    expect(within(screen.getByTestId('module-biblioteca')).queryByRole('button')).toBeNull();
  });

  it('asks before requesting, then sends the target', async () => {
    const api = render();
    await userEvent.click(await screen.findByTestId('request-billing'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solicitar activación' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('configuracion/integraciones/solicitudes');
    expect(post.body).toEqual({ target: { kind: 'module', module: 'billing' } });
  });
});
