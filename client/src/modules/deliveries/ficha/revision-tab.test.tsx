import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import type { Revision, RevisionItem } from '../api/ficha-api.ts';
import { RevisionTab } from './revision-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const item = (id: number, name: string, result: RevisionItem['result'] = null): RevisionItem => ({
  id,
  name,
  category: 'Terminaciones',
  failures: [{ id: 100 + id, name: 'Fisura', severity: 'leve' }],
  result,
});
const done = (id: number): RevisionItem['result'] => ({
  id: 900 + id,
  outcome: 'cumple',
  failure_type_id: null,
  failure_name: null,
  severity: null,
  observation: null,
  photos: [],
  ticket_id: null,
  updated_at: '2026-03-01T12:00:00.000Z',
});
const revision = (over: Partial<Revision> = {}): Revision => ({
  unit_type: { id: 1, name: 'Depto 2D', category: 'departamento', surface: 60 },
  areas: [
    {
      id: 1,
      name: 'Cocina',
      places: [{ id: 11, name: 'Muros', items: [item(1, 'Pintura', done(1)), item(2, 'Enchufes', done(2))] }],
    },
    { id: 2, name: 'Baño', places: [{ id: 21, name: 'Piso', items: [item(3, 'Cerámica'), item(4, 'Fragüe')] }] },
    { id: 3, name: 'Dormitorio', places: [{ id: 31, name: 'Ventanas', items: [item(5, 'Vidrios')] }] },
  ],
  other_results: [],
  summary: {
    items: 5,
    answered: 2,
    pending_failures: 0,
    by_outcome: { cumple: 2, falla: 0, solucionada: 0, no_aplica: 0 } as never,
  },
  ...over,
});

function renderTab(answer: (method: string) => unknown) {
  // The tab also shows the unit's plan (revision-plan.tsx): none here.
  const api = mockFetch((call) => ({
    body: { data: call.url.includes('/plano') ? { unit_id: 5, plans: [], failures: [] } : answer(call.method) },
  }));
  renderWithProviders(
    <Routes>
      <Route path="/warranties/ficha/:unitId/revision" element={<RevisionTab />} />
    </Routes>,
    { route: '/warranties/ficha/5/revision', queryClient: clientWithUser(['entregas_revision']) },
  );
  return api;
}

describe('revision tab (docs/product.md §2 ficha revision): folded areas, progress, a save bar always in view', () => {
  it('opens the first area with items left, shows each area with its progress, and draws only open areas', async () => {
    renderTab(() => revision());
    expect((await screen.findByTestId('revision-area-2')).getAttribute('data-open')).toBe('true');
    expect(screen.getByTestId('revision-area-1').getAttribute('data-open')).toBe('false');
    expect(screen.getByTestId('revision-area-progress-1').textContent).toBe('2 / 2');
    expect(screen.getByTestId('revision-area-progress-2').textContent).toBe('0 / 2');
    expect(screen.queryByTestId('revision-item-1')).toBeNull();
    expect(screen.getByTestId('revision-item-3')).toBeTruthy();
    await userEvent.click(screen.getByTestId('revision-area-toggle-1'));
    expect(screen.getByTestId('revision-item-1')).toBeTruthy();
    expect(screen.getByTestId('revision-area-toggle-1').getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByTestId('revision-toggle-all'));
    expect(screen.getByTestId('revision-item-5')).toBeTruthy();
  });

  it('an answer marks unsaved changes (area and bar) until saved; the bar sticks to the bottom', async () => {
    const api = renderTab((method) =>
      method === 'PUT'
        ? revision({
            areas: revision().areas.map((a) =>
              a.id === 2
                ? { ...a, places: [{ ...a.places[0], items: [item(3, 'Cerámica', done(3)), item(4, 'Fragüe')] }] }
                : a,
            ),
          })
        : revision(),
    );
    const bar = await screen.findByTestId('revision-save-bar');
    expect(getComputedStyle(bar).position).toBe('sticky');
    expect(within(bar).getByTestId('revision-progress').textContent).toBe('2 de 5 ítems revisados');
    expect((screen.getByTestId('revision-save') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByTestId('outcome-3'), 'cumple');
    expect(within(bar).getByTestId('revision-unsaved').textContent).toBe('Cambios sin guardar');
    expect(within(screen.getByTestId('revision-area-2')).getByText('Cambios sin guardar')).toBeTruthy();
    expect(screen.getByTestId('revision-area-progress-2').textContent).toBe('1 / 2');
    expect(within(bar).getByTestId('revision-progress').textContent).toBe('3 de 5 ítems revisados');
    await userEvent.click(screen.getByTestId('revision-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('revision-unsaved')).toBeNull());
  });

  it('a failure without its type opens its folded area and shows the error there', async () => {
    renderTab(() => revision());
    await userEvent.selectOptions(await screen.findByTestId('outcome-3'), 'falla');
    await userEvent.click(screen.getByTestId('revision-area-toggle-2'));
    expect(screen.queryByTestId('revision-item-3')).toBeNull();
    await userEvent.click(screen.getByTestId('revision-save'));
    expect(await screen.findByTestId('revision-item-3')).toBeTruthy();
    expect(within(screen.getByTestId('revision-item-3')).getByText('Este campo es obligatorio')).toBeTruthy();
  });
});
