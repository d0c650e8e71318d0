import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionView } from '#domain/integrations-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProcorePage } from './procore-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const connection: ConnectionView = {
  kind: 'procore',
  state: 'en_proceso',
  configured: true,
  settings: { company_id: '5551234', client_id: 'client-abc' },
  secrets: { client_secret: { set: true, last4: 'abcd' } },
  requested_at: null,
  updated_at: '2026-11-20T10:00:00.000Z',
};

function render() {
  const api = mockFetch((call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/procore/proyectos') && call.method === 'GET')
      return { body: { data: [{ project_id: 7, project_name: 'Edificio Mirador', procore_project_id: null }] } };
    if (path.endsWith('/procore/observaciones'))
      return {
        body: {
          data: [
            {
              id: 1,
              failure_id: 3,
              failure_name: 'Cocina · Puerta de mueble · Puerta descuadrada',
              ticket_id: 40,
              ticket_code: 'SOL-40',
              procore_project_id: '111',
              procore_observation_id: '9001',
              remote_status: 'closed',
              synced_at: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      };
    if (path.endsWith('/procore/registro')) return { body: { data: { rows: [], pending: 0, failed: 0 } } };
    if (path.endsWith('/procore/probar'))
      return {
        body: { message: 'Conexión correcta', data: { ok: true, projects: [{ id: '111', name: 'Torre Norte' }] } },
      };
    if (path.endsWith('/procore/activar'))
      return { body: { message: 'Integración activada', data: { ...connection, state: 'activa' } } };
    return { body: { data: connection } };
  });
  renderWithProviders(<ProcorePage />, { route: '/config/integraciones/procore' });
  return api;
}

describe('config/integraciones/procore (docs/product.md §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the saved secret only as configured with its last characters, and the linked observations', async () => {
    render();
    expect(await screen.findByText('Configurado · …abcd')).toBeTruthy();
    expect((screen.getByTestId('procore-client-secret') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('SOL-40')).toBeTruthy();
    expect(screen.getByText('Cerrada')).toBeTruthy();
  });

  it('offers the Procore projects of the connection test in the mapping, and activates', async () => {
    const api = render();
    await userEvent.click(await screen.findByTestId('procore-probe'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Torre Norte (111)' })).toBeTruthy());
    await userEvent.click(screen.getByTestId('procore-activate'));
    expect(await screen.findByText('Activa')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.includes('/procore/activar'))).toBe(true);
  });
});
