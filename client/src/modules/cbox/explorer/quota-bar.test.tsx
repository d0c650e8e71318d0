import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockLibrary, renderExplorer, routeOf, summary } from '../test/fixtures.tsx';
import { QuotaBar } from './quota-bar.tsx';

vi.setConfig({ testTimeout: 30_000 });
const GIB = 1024 ** 3;

describe('Cbox quota bar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the storage used and warns above 90 % of the quota', async () => {
    mockLibrary({ 'biblioteca/resumen': () => ({ body: summary({ used_bytes: 9.5 * GIB, quota_bytes: 10 * GIB }) }) });
    renderExplorer(<QuotaBar />, '/cbox/folders');
    const bar = await screen.findByTestId('cbox-quota');
    expect(bar.textContent).toContain('9,5 GB de 10 GB usados');
    expect(bar.getAttribute('data-warning')).toBe('true');
    expect(screen.queryByTestId('cbox-quota-edit')).toBeNull();
  });

  it('lets an administrator set the quota in GB', async () => {
    const api = mockLibrary({
      'GET biblioteca/resumen': () => ({ body: summary({ is_admin: true }) }),
      'PUT biblioteca/cuota': () => ({ body: summary({ is_admin: true, quota_bytes: 20 * GIB }) }),
    });
    renderExplorer(<QuotaBar />, '/cbox/folders');
    const bar = await screen.findByTestId('cbox-quota');
    expect(bar.getAttribute('data-warning')).toBeNull();
    await userEvent.click(screen.getByTestId('cbox-quota-edit'));
    const input = await screen.findByRole('textbox', { name: 'Cuota (GB)' });
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cuota' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(routeOf(put).path).toBe('biblioteca/cuota');
    expect(put.body).toEqual({ quota_bytes: 20 * GIB });
    await waitFor(() => expect(screen.getByTestId('cbox-quota').textContent).toContain('de 20 GB usados'));
  });
});
