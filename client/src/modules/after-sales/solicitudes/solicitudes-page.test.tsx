import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { TicketRow } from '../api/types.ts';
import { clientWithUser } from '../../../test/users.ts';
import { SolicitudesPage } from './solicitudes-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const row = (id: number) =>
  ({
    id,
    code: `PLD-${String(id).padStart(5, '0')}`,
    number: id,
    subject: `Solicitud ${id}`,
    state: 'abierta',
    previous_state: null,
    priority: 'medium',
    origin: 'WEB',
    project: { id: 3, name: 'Edificio Parque' },
    tower: null,
    unit: { id: 1, number: '101' },
    applicant: null,
    responsible: null,
    merged_into_id: null,
    progress: { total: 0, done: 0, percent: 0 },
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
  }) as TicketRow;

/** The list API: `total` tickets, pages of rowsPerPage; a page past the end is empty (as the server answers). */
function serveTickets(total: number) {
  const all = Array.from({ length: total }, (_, i) => row(i + 1));
  return mockFetch((call) => {
    const url = new URL(call.url);
    if (!url.pathname.endsWith('/postventa/solicitudes')) return { body: { data: [] } };
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('rowsPerPage') ?? 50);
    const data = all.slice((page - 1) * size, page * size);
    return { body: { data, current_page: page, total, has_more: page * size < total, rowsPerPage: size } };
  });
}
const listCalls = (calls: RecordedCall[]) =>
  calls.map((c) => new URL(c.url)).filter((u) => u.pathname.endsWith('/postventa/solicitudes'));

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function renderList(search: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/warranties/solicitudes"
        element={
          <>
            <SolicitudesPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: `/warranties/solicitudes${search}`, queryClient: clientWithUser(['postventa_gestionar']) },
  );
}

describe('solicitudes list paging (docs/product.md §2 pagination)', () => {
  it('moves ?page=2 of 14 results to page 1 and shows its rows, not the empty state', async () => {
    const api = serveTickets(14);
    renderList('?project=&page=2');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?project='));
    expect(await screen.findByTestId('ticket-table')).toBeTruthy();
    expect(screen.queryByTestId('tickets-empty')).toBeNull();
    expect(screen.getByText('1–14 de 14')).toBeTruthy();
    expect(listCalls(api.calls).map((u) => u.searchParams.get('page'))).toEqual(['2', '1']);
  });

  it('still shows the empty state when there are truly no tickets', async () => {
    serveTickets(0);
    renderList('?project=&page=3');
    expect(await screen.findByTestId('tickets-empty')).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('?project=');
  });

  it('scrolls the table back to its first row when the page changes', async () => {
    serveTickets(80);
    renderList('?project=');
    const scroller = await screen.findByTestId('ticket-scroller');
    scroller.scrollTop = 2000;
    fireEvent.scroll(scroller);
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?project=&page=2'));
    expect(scroller.scrollTop).toBe(0);
    expect(await screen.findByText('51–80 de 80')).toBeTruthy();
  });
});

describe('solicitudes date filter (docs/product.md §9 custom range)', () => {
  it('never requests a custom range without both dates, and filters once both are set', async () => {
    const api = serveTickets(3);
    renderList('?project=');
    await screen.findByTestId('ticket-table');
    await userEvent.click(screen.getByRole('button', { name: 'Fecha' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rango' }));
    expect(await screen.findByTestId('date-filter-incomplete')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('date_from=2026-11-01'));
    expect(screen.queryByTestId('tickets-empty')).toBeNull();
    expect(
      listCalls(api.calls).every((u) => !u.searchParams.has('date_preset') && !u.searchParams.has('date_from')),
    ).toBe(true);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(listCalls(api.calls).some((u) => u.searchParams.get('date_preset') === 'custom')).toBe(true),
    );
    const filtered = listCalls(api.calls).find((u) => u.searchParams.get('date_preset') === 'custom')!;
    expect(filtered.searchParams.get('date_from')).toBe('2026-11-01');
    expect(filtered.searchParams.get('date_to')).toBe('2026-11-30');
  });
});
