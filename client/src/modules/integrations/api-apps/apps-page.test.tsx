import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiAppRow } from '#domain/api-apps-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { ApiAppsPage } from './apps-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const erp: ApiAppRow = {
  id: 3,
  name: 'ERP contable',
  client_id: 'app_0123456789abcdef01234567',
  scope: ['modulo_postventa'],
  state: 'activa',
  created_by: { id: 1, full_name: 'Carolina Fuentes' },
  created_at: '2026-11-01T10:00:00.000Z',
  secret_rotated_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const SECRET = 'sk_una-sola-vez';

function render() {
  const api = mockFetch((call) => {
    if (call.method === 'GET') return { body: { data: [erp] } };
    if (call.url.endsWith('/revocar'))
      return { body: { data: { ...erp, state: 'revocada', revoked_at: erp.created_at } } };
    if (call.url.endsWith('/rotar')) return { body: { data: { ...erp, client_secret: `${SECRET}-2` } } };
    const body = call.body as { name: string; scope: string[] };
    return { status: 201, body: { data: { ...erp, id: 9, ...body, client_secret: SECRET } } };
  });
  renderWithProviders(<ApiAppsPage />, {
    route: '/config/integraciones/apps',
    queryClient: clientWithUser(['config_integraciones', 'modulo_postventa', 'modulo_entregas']),
  });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

describe('config integraciones apps (docs/product.md §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists apps with client id, scope, last use and state', async () => {
    render();
    const row = await screen.findByTestId('api-app-3');
    for (const text of ['ERP contable', erp.client_id, 'modulo_postventa', 'Nunca', 'Activa'])
      expect(row.textContent).toContain(text);
  });

  it('creates an app with the flags its creator holds, then shows the secret once', async () => {
    const api = render();
    await screen.findByTestId('api-app-3');
    await userEvent.click(screen.getByTestId('api-app-new'));
    const dialog = await screen.findByTestId('api-app-dialog');
    expect(within(dialog).queryByTestId('scope-modulo_hormigon')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('api-app-submit'));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('api-app-name'), 'CRM ventas');
    await userEvent.click(within(dialog).getByText('modulo_entregas'));
    await userEvent.click(within(dialog).getByTestId('api-app-submit'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ method: 'POST', body: { name: 'CRM ventas', scope: ['modulo_entregas'] } });
    expect((await screen.findByTestId('api-app-secret')).textContent).toBe(SECRET);
    await userEvent.click(screen.getByTestId('api-app-secret-dialog-done'));
    await waitFor(() => expect(screen.queryByTestId('api-app-secret')).toBeNull());
    expect((await screen.findByTestId('api-app-9')).textContent).not.toContain(SECRET);
  });

  it('revokes after confirming, and the row says so', async () => {
    const api = render();
    const row = await screen.findByTestId('api-app-3');
    const user = userEvent.setup();
    await user.click(within(row).getByTestId('api-app-actions-3'));
    // Chosen with the keyboard, as a user may (jsdom has no pointer geometry for the menu): the third item.
    await screen.findByRole('menuitem', { name: 'Revocar' });
    for (let i = 0; i < 3; i++) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    const confirm = await screen.findByTestId('api-app-confirm', {}, { timeout: 5000 });
    expect(confirm.textContent).toContain('«ERP contable» y todos sus tokens dejan de funcionar');
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0].url).toContain('configuracion/integraciones/apps/3/revocar');
    await waitFor(() => expect(screen.getByTestId('api-app-3').textContent).toContain('Revocada'));
    expect(screen.queryByTestId('api-app-actions-3')).toBeNull();
  });
});
