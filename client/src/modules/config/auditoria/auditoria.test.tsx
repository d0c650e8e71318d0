import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuditoriaPage } from './auditoria-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (data: unknown[]) => ({
  body: { data, current_page: 1, total: data.length, has_more: false, rowsPerPage: 50 },
});

describe('config auditoria (docs/product.md §1: who, when, what, before and after)', () => {
  it('shows each change field by field and filters by entity', async () => {
    const fetch = mockFetch((call) => {
      if (call.url.includes('/usuarios'))
        return { body: { data: [{ id: 1, full_name: 'Carolina Fuentes Ortiz', username: 'admin' }] } };
      return page([
        {
          id: 3,
          created_at: '2030-01-07T15:04:00.000Z',
          user: { id: 1, full_name: 'Carolina Fuentes Ortiz', username: 'admin' },
          entity: 'worker',
          entity_id: 12,
          action: 'updated',
          changes: [
            { field: 'last_name', before: 'Mora', after: 'Mora Díaz' },
            { field: 'is_active', before: true, after: false },
          ],
        },
      ]);
    });
    renderWithProviders(<AuditoriaPage />, { route: '/config/auditoria' });
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText('Trabajador')).toBeTruthy();
    expect(within(row).getByText('Modificación')).toBeTruthy();
    expect(within(row).getByText('Apellidos:')).toBeTruthy();
    expect(within(row).getByText('Mora').tagName).toBe('DEL');
    expect(within(row).getByText('Mora Díaz').tagName).toBe('INS');
    expect(within(row).getByText('Sí').tagName).toBe('DEL');
    expect(within(row).getByText('No').tagName).toBe('INS');
    fireEvent.change(screen.getByTestId('audit-entity'), { target: { value: 'course' } });
    await waitFor(() => expect(fetch.calls.some((c) => /auditoria\?.*entity=course/.test(c.url))).toBe(true));
  });
});
