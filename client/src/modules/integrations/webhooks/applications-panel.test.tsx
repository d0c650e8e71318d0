import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookApplicationRow } from '#domain/webhooks-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WebhookApplicationsPanel } from './applications-panel.tsx';

vi.setConfig({ testTimeout: 30_000 });

const erp: WebhookApplicationRow = {
  id: 3,
  name: 'ERP',
  api_app_id: null,
  secret_hint: 'k9Zq',
  hooks: [
    {
      id: 11,
      event: 'ticket.created',
      module: 'postventa',
      url: 'https://erp.example.cl/hooks',
      state: 'deshabilitado',
      disabled_reason: 'delivery_failures',
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtaW4tdGhlLXRlc3Q=';

function render(apiAppId?: number) {
  const api = mockFetch((call) => {
    if (call.method === 'GET') return { body: { data: [erp] } };
    if (call.url.includes('/eventos/'))
      return { body: { data: { ...erp.hooks[0], state: 'activo', disabled_reason: null } } };
    const body = call.body as { name: string; hooks: { event: string; url: string }[] };
    return {
      status: 201,
      body: {
        data: { ...erp, id: 4, name: body.name, hooks: [], api_app_id: apiAppId ?? null, secret_hint: 'LXQ=' },
        secret: SECRET,
      },
    };
  });
  renderWithProviders(<WebhookApplicationsPanel apiAppId={apiAppId} />, { route: '/config/integraciones/webhooks' });
  return api;
}

describe('webhook applications panel (docs/product.md §2, §3 Webhook application)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists applications with the secret hint only, and each event with its state and why it is off', async () => {
    render();
    const card = await screen.findByTestId('webhook-app-3');
    expect(card.textContent).toContain('…k9Zq');
    const hook = within(card).getByTestId('webhook-hook-11');
    expect(hook.textContent).toContain('Solicitud creada');
    expect(hook.textContent).toContain('Deshabilitado porque fallaron todos los intentos de envío');
  });

  it('re-enables a disabled event through its verb', async () => {
    const api = render();
    const hook = await screen.findByTestId('webhook-hook-11');
    await userEvent.click(within(hook).getByRole('button', { name: 'Habilitar' }));
    expect(await within(hook).findByText('Activo')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.includes('/eventos/11/habilitar'))).toBe(true);
  });

  it('checks the dialog before sending, then shows the new secret once, for the API app it belongs to', async () => {
    const api = render(7);
    await screen.findByTestId('webhook-app-3');
    await userEvent.click(screen.getByTestId('webhook-app-new'));
    await userEvent.type(await screen.findByTestId('webhook-app-name'), 'CRM');
    await userEvent.click(screen.getByTestId('webhook-app-save'));
    expect(await screen.findByText('Seleccione al menos un evento')).toBeTruthy();
    await userEvent.click(screen.getByTestId('webhook-event-user.created').querySelector('input')!);
    await userEvent.type(await screen.findByTestId('webhook-url-user.created'), 'https://crm.example.cl/in');
    await userEvent.click(screen.getByTestId('webhook-app-save'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'CRM',
      hooks: [{ event: 'user.created', url: 'https://crm.example.cl/in' }],
      api_app_id: 7,
    });
  });
});
