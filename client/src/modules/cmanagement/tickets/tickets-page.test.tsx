import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { CM_MANAGE } from '#domain/cmanagement';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { category, fieldRow, listAnswer, people, ticketRow } from '../test/fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

/** dnd-kit's pointer geometry does not exist in jsdom: the test drives the board's own drop handler. */
const dnd = vi.hoisted(() => ({ onDragEnd: null as null | ((e: unknown) => void) }));
vi.mock('@dnd-kit/core', async (importOriginal) => {
  const real = await importOriginal<typeof import('@dnd-kit/core')>();
  return {
    ...real,
    DndContext: (props: ComponentProps<typeof real.DndContext>) => {
      dnd.onDragEnd = props.onDragEnd as (e: unknown) => void;
      return <real.DndContext {...props} />;
    },
  };
});

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const rows = [
  ticketRow(1, 'abierto'),
  ticketRow(2, 'en_curso', { open_issues: 2, issue_count: 3 }),
  ticketRow(3, 'cerrado'),
];

const fields = [
  fieldRow(5, { type: 'select', name: 'Especialidad', options: [{ id: 'a', name: 'Eléctrica', disabled: false }] }),
  fieldRow(6, { type: 'file', name: 'Plano' }),
];

function serve() {
  return mockFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/cmanagement/tickets')) return { body: listAnswer(rows) };
    if (path.endsWith('/cmanagement/categorias')) return { body: { data: [category] } };
    if (path.endsWith('/cmanagement/personas')) return { body: { data: people } };
    if (path.endsWith('/cmanagement/categorias/9/campos')) return { body: { data: fields } };
    if (call.method === 'POST' && /\/cmanagement\/tickets\/\d+\/\w+$/.test(path))
      return { body: { data: { ...rows[0], state: 'en_curso' } } };
    return { body: { data: [] } };
  });
}
const listCalls = (calls: RecordedCall[]) =>
  calls.map((c) => new URL(c.url)).filter((u) => u.pathname.endsWith('/cmanagement/tickets'));
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

function Where() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPage(search: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/cmanagement/tickets"
        element={
          <>
            <TicketsPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: `/cmanagement/tickets${search}`, queryClient: clientWithUser([CM_MANAGE]) },
  );
}

describe('tickets list filters in the URL (docs/api.md, Cmanagement: GET tickets)', () => {
  it('sends the URL filters to the API and writes a new one back to the URL, from page 1', async () => {
    const api = serve();
    renderPage('?state=abierto,en_curso&category=9&cf=4:si&page=2');
    await screen.findByTestId('tickets-table');
    const first = listCalls(api.calls)[0];
    expect(first.searchParams.get('state')).toBe('abierto,en_curso');
    expect(first.searchParams.get('category')).toBe('9');
    expect(first.searchParams.get('cf')).toBe('4:si');
    fireEvent.change(screen.getByTestId('filter-due-from'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('due_from=2026-12-01'));
    expect(screen.getByTestId('search').textContent).not.toContain('page=');
    await waitFor(() =>
      expect(listCalls(api.calls).some((u) => u.searchParams.get('due_from') === '2026-12-01')).toBe(true),
    );
  });

  it("offers the chosen category's filterable fields and writes their value as cf", async () => {
    const api = serve();
    renderPage('?category=9');
    await screen.findByTestId('tickets-table');
    const filter = await screen.findByTestId('cf-filter-5');
    expect(screen.queryByTestId('cf-filter-6')).toBeNull();
    await userEvent.selectOptions(filter, 'a');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toContain('cf=5%3Aa'));
    await waitFor(() => expect(listCalls(api.calls).some((u) => u.searchParams.get('cf') === '5:a')).toBe(true));
  });

  it('switches to the board with ?view=board, its cards in the column of their state', async () => {
    serve();
    renderPage('');
    await screen.findByTestId('tickets-table');
    await userEvent.click(screen.getByText('Tablero'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?view=board'));
    expect(await screen.findByTestId('tickets-board')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-abierto')).getAllByTestId('board-card')).toHaveLength(1);
  });
});

describe('tickets board drops (machines/cm-ticket.ts)', () => {
  it('a drop on an allowed column sends the verb of the machine event that leads there', async () => {
    const api = serve();
    renderPage('?view=board');
    await screen.findByTestId('tickets-board');
    act(() => dnd.onDragEnd!({ active: { id: 1 }, over: { id: 'en_curso' } }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(new URL(posts(api.calls)[0].url).pathname).toMatch(/\/cmanagement\/tickets\/1\/iniciar$/);
  });

  it('refuses a drop the machine has no path for, and one its guard refuses, with the reason', async () => {
    const api = serve();
    renderPage('?view=board');
    await screen.findByTestId('tickets-board');
    act(() => dnd.onDragEnd!({ active: { id: 3 }, over: { id: 'bloqueado' } }));
    expect((await screen.findByTestId('board-refusal')).textContent).toContain(
      'Un ticket no puede pasar de «Cerrado» a «Bloqueado»',
    );
    act(() => dnd.onDragEnd!({ active: { id: 2 }, over: { id: 'resuelto' } }));
    await waitFor(() =>
      expect(screen.getByTestId('board-refusal').textContent).toContain('quedan 2 incidencias abiertas'),
    );
    expect(posts(api.calls)).toHaveLength(0);
  });

  it('blocking asks for the reason and sends it', async () => {
    const api = serve();
    renderPage('?view=board');
    await screen.findByTestId('tickets-board');
    act(() => dnd.onDragEnd!({ active: { id: 2 }, over: { id: 'bloqueado' } }));
    await userEvent.type(await screen.findByTestId('block-reason'), 'Falta material');
    await userEvent.click(screen.getByTestId('block-confirm'));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(new URL(posts(api.calls)[0].url).pathname).toMatch(/\/tickets\/2\/bloquear$/);
    expect(posts(api.calls)[0].body).toEqual({ reason: 'Falta material' });
  });
});
