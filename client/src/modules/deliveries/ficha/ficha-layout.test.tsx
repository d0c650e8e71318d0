import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { fichaDetail, scheduleView } from '../test/fixtures.ts';
import type { FichaDetail } from '../api/ficha-api.ts';
import { FichaLayout } from './ficha-layout.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function renderHeader(ficha: FichaDetail) {
  mockFetch(() => ({ body: { data: ficha } }));
  renderWithProviders(
    <Routes>
      <Route path="/warranties/ficha/:unitId" element={<FichaLayout />} />
    </Routes>,
    { route: '/warranties/ficha/5', queryClient: clientWithUser(['entregas_gestionar']) },
  );
}

describe('ficha header (docs/product.md §2 ficha/{unitId}, §4 delivery schedule)', () => {
  it('a delivered unit shows its appointment as Realizada and offers no answer to it', async () => {
    renderHeader(
      fichaDetail({
        state: 'entregada',
        delivery_date: '2026-03-02',
        schedule: scheduleView({ state: 'realizada', can_confirm: false, can_reject: false }),
      }),
    );
    expect((await screen.findByTestId('schedule-state')).textContent).toBe('Realizada');
    expect(screen.queryByTestId('action-schedule-confirm')).toBeNull();
    expect(screen.queryByTestId('action-schedule-reject')).toBeNull();
    expect(screen.queryByText('Por confirmar')).toBeNull();
  });

  it('long facts wrap instead of being cut off (no ellipsis on a wide screen either)', async () => {
    const project = 'Condominio Parque Los Aromos de San Bernardo, etapa 3, torres norte y sur';
    renderHeader(fichaDetail({ project: { id: 1, name: project } }));
    const fact = await screen.findByText(project);
    expect(getComputedStyle(fact).textOverflow).not.toBe('ellipsis');
    expect(getComputedStyle(fact).whiteSpace).not.toBe('nowrap');
  });
});
