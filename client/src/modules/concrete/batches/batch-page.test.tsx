import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { BatchDetail } from '#domain/concrete-placements-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { EDITOR, VIEWER, batchDetail, writes } from '../test/fixtures.ts';
import { BatchPage } from './batch-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function render(batch: BatchDetail, permisos = EDITOR) {
  const api = mockFetch((call) =>
    call.url.includes('/hormigon/lotes/8') ? { body: { data: batch } } : { status: 404, body: { message: 'no' } },
  );
  renderWithProviders(
    <Routes>
      <Route path="/concrete/placements/lotes/:batchId" element={<BatchPage />} />
    </Routes>,
    { route: '/concrete/placements/lotes/8', queryClient: clientWithUser(permisos) },
  );
  return api;
}

const result = (i: number, acceptance: number) => ({
  sample_id: 70 + i,
  placement_id: 40,
  placement_number: 4,
  code: `M-${i}`,
  taken_on: '2026-11-21',
  early_mpa: null,
  acceptance_mpa: acceptance,
});

describe('concrete/placements/lotes/{batchId}', () => {
  it('says why a batch does not conform, with the rule in words', async () => {
    render(
      batchDetail({
        state: 'no_conforme',
        allowed_events: [],
        results: [result(1, 27), result(2, 20), result(3, 26)],
        verdict: {
          conforming: false,
          mean: 24.3,
          failures: [
            { kind: 'mean', from: 0, to: 2, mean: 24.3, required: 25 },
            { kind: 'single', index: 1, value: 20, required: 21.5 },
          ],
        },
      }),
    );
    const verdict = await screen.findByTestId('batch-verdict');
    expect(verdict.textContent).toContain('Lote no conforme: promedio 24,3 MPa.');
    expect(verdict.textContent).toContain('Resultado 2: 20 MPa, más de 3,5 MPa bajo la resistencia especificada');
    expect(screen.getByTestId('batch-rule').textContent).toBe(
      'Cada 3 resultados consecutivos a 28 días deben promediar al menos la resistencia especificada, y ningún resultado puede quedar más de 3,5 MPa bajo ella.',
    );
    expect(screen.queryByTestId('batch-close')).toBeNull();
  });

  it('closes an open batch after confirming', async () => {
    const api = mockFetch((call) =>
      call.method === 'GET'
        ? { body: { data: batchDetail() } }
        : { body: { data: batchDetail({ state: 'cerrado', allowed_events: [] }) } },
    );
    renderWithProviders(
      <Routes>
        <Route path="/concrete/placements/lotes/:batchId" element={<BatchPage />} />
      </Routes>,
      { route: '/concrete/placements/lotes/8', queryClient: clientWithUser(EDITOR) },
    );
    await userEvent.click(await screen.findByTestId('batch-close'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar lote' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]!.url).toContain('/hormigon/lotes/8/cerrar');
    expect(await screen.findByText('Cerrado')).toBeTruthy();
  });

  it('offers no close without hormigon_editar', async () => {
    render(batchDetail(), VIEWER);
    await screen.findByTestId('batch-rule');
    expect(screen.queryByTestId('batch-close')).toBeNull();
  });
});
