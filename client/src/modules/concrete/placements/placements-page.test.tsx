import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { placementRowSchema, type PlacementRow } from '#domain/concrete-placements-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { EDITOR, VIEWER, placementDetail } from '../test/fixtures.ts';
import { PlacementsPage } from './placements-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => session.setProject(3));
afterEach(() => vi.unstubAllGlobals());

/** A list row: the detail's fields the list answers (the schema drops the rest). */
const row = (over: Partial<PlacementRow> = {}): PlacementRow => placementRowSchema.parse(placementDetail(over));

function render(rows: PlacementRow[], permisos = EDITOR, route = '/concrete/placements/list') {
  const api = mockFetch((call) =>
    call.url.includes('/hormigon/vaciados')
      ? { body: { data: rows, total: rows.length, current_page: 1, has_more: false, rowsPerPage: 50 } }
      : { body: { data: [] } },
  );
  renderWithProviders(
    <Routes>
      <Route path="/concrete/placements/list" element={<PlacementsPage />} />
    </Routes>,
    { route, queryClient: clientWithUser(permisos) },
  );
  return api;
}

const listCalls = (api: ReturnType<typeof mockFetch>) =>
  api.calls.filter((c) => c.url.includes('/hormigon/vaciados?')).map((c) => new URL(c.url).searchParams);

describe('concrete/placements/list', () => {
  it("lists the project's placements with their batch, each number opening its placement", async () => {
    render([row(), row({ id: 41, number: 5, state: 'programado', poured_on: null, batch: null })]);
    const rows = await screen.findAllByTestId('placement-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: '4' }).getAttribute('href')).toBe('/concrete/placements/40');
    expect(within(rows[0]!).getByRole('link', { name: 'Lote N° 2' }).getAttribute('href')).toBe(
      '/concrete/placements/lotes/8',
    );
    expect(within(rows[1]!).getByText('Programado')).toBeTruthy();
    expect(screen.getByTestId('placements-total').textContent).toBe('2 hormigonados');
    expect(screen.getByTestId('new-placement')).toBeTruthy();
  });

  it("asks the API with the URL's filters, for the session's project", async () => {
    const api = render([], VIEWER, '/concrete/placements/list?state=vaciado,ensayado&from=2026-11-01&search=Piso');
    expect(await screen.findByTestId('placements-empty')).toBeTruthy();
    expect(screen.getByText('Ningún hormigonado cumple los filtros.')).toBeTruthy();
    await waitFor(() => expect(listCalls(api)).toHaveLength(1));
    const query = listCalls(api)[0]!;
    expect(Object.fromEntries(query)).toMatchObject({
      project_id: '3',
      state: 'vaciado,ensayado',
      from: '2026-11-01',
      search: 'Piso',
      sort: 'scheduled_on',
    });
    expect(screen.queryByTestId('new-placement')).toBeNull();
  });

  it('opens the form to schedule a new placement', async () => {
    render([]);
    await userEvent.click(await screen.findByTestId('new-placement'));
    expect(await screen.findByTestId('placement-dialog')).toBeTruthy();
  });
});
