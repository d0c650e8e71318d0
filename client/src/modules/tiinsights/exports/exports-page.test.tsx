import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { dataExport } from '../test/fixtures.ts';
import { mockTiinsightsApi } from '../test/mock-api.ts';
import { ExportsPage } from './exports-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => session.reset());
afterEach(() => vi.unstubAllGlobals());

describe('/tiinsights/exportaciones', () => {
  it('lists the exports with who, when, rows and size, and the link only while it is valid', async () => {
    mockTiinsightsApi({
      exports: [
        dataExport(),
        dataExport({
          id: 11,
          url: null,
          downloaded_at: '2026-12-02T10:05:00.000Z',
          tables: 40,
          rows: 15234,
          bytes: 3 * 1024 * 1024,
        }),
      ],
    });
    renderWithProviders(<ExportsPage />, {
      route: '/tiinsights/exportaciones',
      queryClient: clientWithUser(['dbdump']),
    });
    const rows = await screen.findAllByTestId('export-row');
    expect(rows[0].textContent).toContain('Constructora Sur');
    expect(rows[0].textContent).toContain('Soporte RyR');
    expect(rows[0].textContent).toContain('No descargada');
    expect(within(rows[0]).getByTestId('export-row-link').getAttribute('href')).toContain(
      '/api/v2/public/api/tiinsights/exportaciones/12/descarga?expires=1&signature=abc',
    );
    expect(rows[1].textContent).toContain('15.234');
    expect(rows[1].textContent).toContain('3 MB');
    expect(rows[1].textContent).toContain('Vencido');
    expect(within(rows[1]).queryByTestId('export-row-link')).toBeNull();
    // dbdump alone: no companies tab.
    expect(screen.queryByTestId('tab-empresas')).toBeNull();
    expect(screen.getByTestId('tab-exportaciones')).toBeTruthy();
  });
});
