import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { PlacementDetail } from '#domain/concrete-placements-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { EDITOR, VIEWER, laboratory, placementDetail, refusal, sampleView, writes } from '../test/fixtures.ts';
import { PlacementPage } from './placement-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function render(placement: PlacementDetail, write?: (call: RecordedCall) => MockAnswer, permisos = EDITOR) {
  const api = mockFetch((call) => {
    if (call.method !== 'GET') return write?.(call) ?? { status: 404, body: { message: 'no' } };
    if (call.url.includes('/hormigon/vaciados/40')) return { body: { data: placement } };
    if (call.url.includes('/hormigon/laboratorios')) return { body: { data: [laboratory()] } };
    return { body: { data: [] } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/concrete/placements/:placementId" element={<PlacementPage />} />
    </Routes>,
    { route: '/concrete/placements/40', queryClient: clientWithUser(permisos) },
  );
  return api;
}

describe('concrete/placements/{placementId}', () => {
  it('shows the pour with its guides and batch, and offers only what its state allows', async () => {
    render(placementDetail());
    expect(await screen.findByRole('heading', { name: 'Hormigonado N° 4 · Muro' })).toBeTruthy();
    expect(within(screen.getByTestId('placement-guides')).getByText('KX-4411')).toBeTruthy();
    expect(screen.getByTestId('placement-batch').getAttribute('href')).toBe('/concrete/placements/lotes/8');
    expect(screen.getByTestId('placement-sample')).toBeTruthy();
    expect(screen.queryByTestId('placement-pour')).toBeNull();
    expect(screen.queryByTestId('placement-edit')).toBeNull();
  });

  it('without hormigon_editar shows the record and no action', async () => {
    render(
      placementDetail({ state: 'programado', allowed_events: ['placement.pour', 'placement.cancel'] }),
      undefined,
      VIEWER,
    );
    await screen.findByRole('heading', { name: 'Hormigonado N° 4 · Muro' });
    expect(screen.queryByTestId('placement-pour')).toBeNull();
    expect(screen.queryByTestId('placement-edit')).toBeNull();
  });

  it('records the pour with its guides, and shows the server refusing a sum off the m3 above them', async () => {
    const message = 'Las guías suman 7 m³ y el hormigonado tiene 12,5 m³ (tolerancia 5 %)';
    const api = render(
      placementDetail({
        state: 'programado',
        poured_on: null,
        batch: null,
        guides: [],
        allowed_events: ['placement.pour'],
      }),
      () => refusal({ guides: message }),
    );
    await userEvent.click(await screen.findByTestId('placement-pour'));
    const dialog = await screen.findByTestId('pour-dialog');
    await userEvent.type(within(dialog).getByTestId('guide-number-0'), 'G-1001');
    await userEvent.type(within(dialog).getByTestId('guide-truck-0'), 'KX-4411');
    await userEvent.type(within(dialog).getByLabelText(/^m³/), '7');
    await userEvent.type(within(dialog).getByTestId('guide-time-0'), '09:30');
    expect(within(dialog).getByTestId('pour-sum').textContent).toBe('Suman 7 de 12,5 m³');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      body: { guides: [{ number: 'G-1001', truck: 'KX-4411', m3: 7, arrived_at: '09:30:00' }] },
    });
    expect(writes(api)[0]!.url).toContain('/hormigon/vaciados/40/vaciar');
  });

  it('records samples, the only active laboratory chosen for them', async () => {
    const api = render(placementDetail(), () => ({ body: { data: placementDetail({ state: 'muestreado' }) } }));
    await userEvent.click(await screen.findByTestId('placement-sample'));
    const dialog = await screen.findByTestId('samples-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('sample-lab-0')).toHaveProperty('value', '7'));
    await userEvent.type(within(dialog).getByTestId('sample-code-0'), 'M-1');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('samples-dialog')).toBeNull());
    expect(writes(api)[0]!.url).toContain('/hormigon/vaciados/40/muestrear');
    expect(writes(api)[0]!.body).toMatchObject({
      samples: [{ code: 'M-1', guide_id: null, taken_on: '2026-11-21', specimens: 4, laboratory_id: 7 }],
    });
  });

  it('enters a result typed with a comma, and marks one below the specified strength', async () => {
    const sampled = placementDetail({
      state: 'muestreado',
      allowed_events: ['placement.sample'],
      samples: [sampleView(), sampleView({ id: 71, code: 'M-2', early_mpa: 15, acceptance_mpa: 22.4 })],
    });
    const api = render(sampled, () => ({ body: { data: sampled } }));
    const rows = await screen.findAllByTestId('sample-row');
    expect(rows[0]!.textContent).toContain('pendiente');
    expect(within(rows[1]!).getByText('22,4 MPa')).toBeTruthy();
    await userEvent.click(within(rows[0]!).getByTestId('sample-results'));
    const dialog = await screen.findByTestId('results-dialog');
    await userEvent.type(within(dialog).getByLabelText(/28 días/), '27,5');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ method: 'PUT', body: { early_mpa: null, acceptance_mpa: 27.5 } });
    expect(writes(api)[0]!.url).toContain('/hormigon/muestras/70/resultados');
  });
});
