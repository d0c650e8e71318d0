import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionView } from '#domain/integrations-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HubspotPage } from './hubspot-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const connection: ConnectionView = {
  kind: 'hubspot',
  state: 'en_proceso',
  configured: true,
  settings: { app_id: '123456', pipeline_id: '0', emails: ['postventa@example.com'], send_copy: true, stage_map: {} },
  secrets: { access_token: { set: true, last4: 'abcd' } },
  requested_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};
const emptyLog = { pending: 0, failed: 0, rows: [] };

function render() {
  const api = mockFetch((call) => {
    if (call.method === 'GET') return { body: { data: String(call.url).includes('registro') ? emptyLog : connection } };
    return { body: { message: 'Configuración de HubSpot guardada', data: connection } };
  });
  renderWithProviders(<HubspotPage />, { route: '/config/integraciones/hubspot' });
  return api;
}

describe('config integraciones HubSpot (docs/product.md §3 CRM integration)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the token only as configured, and saving without changing it keeps it', async () => {
    const api = render();
    expect((await screen.findByTestId('hubspot-token-stored')).textContent).toContain('…abcd');
    await userEvent.click(screen.getByTestId('hubspot-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      app_id: '123456',
      pipeline_id: '0',
      emails: ['postventa@example.com'],
      send_copy: true,
      stage_map: {},
    });
  });

  it('refuses a bad e-mail before sending', async () => {
    const api = render();
    await userEvent.type(await screen.findByTestId('hubspot-email-0'), 'xx@');
    await userEvent.click(screen.getByTestId('hubspot-save'));
    expect(await screen.findByText('Ingrese un correo electrónico válido')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
