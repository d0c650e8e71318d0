import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { CM_MANAGE } from '#domain/cmanagement';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import type { SavedView } from '../../../widgets/saved-views/views-api.ts';
import { listAnswer, ticketRow } from '../test/fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const view = (id: number, name: string, params: Record<string, string>, mine = true): SavedView => ({
  id,
  list: 'cm_tickets',
  name,
  shared: !mine,
  params,
  owner: { id: mine ? 5 : 2, full_name: mine ? 'Valentina Muñoz' : 'Jorge Pérez' },
  is_mine: mine,
  can_edit: mine,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
});

/** The tickets list, and the module's views endpoint answering a POST with the view it was sent. */
function serve(views: SavedView[]) {
  return mockFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/cmanagement/vistas')) {
      if (call.method !== 'POST') return { body: { data: views } };
      const body = call.body as { name: string; params: Record<string, string> };
      return { status: 201, body: { data: view(9, body.name, body.params) } };
    }
    if (path.endsWith('/cmanagement/tickets')) return { body: listAnswer([ticketRow(1, 'abierto')]) };
    return { body: { data: [] } };
  });
}
const viewCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => new URL(c.url).pathname.endsWith('/cmanagement/vistas'));
const listCalls = (calls: RecordedCall[]) =>
  calls.map((c) => new URL(c.url)).filter((u) => u.pathname.endsWith('/cmanagement/tickets'));

/** Polls on real timers until `probe` answers (the menu-opened dialog mounts after the menu hands the focus back). */
async function settle<T>(probe: () => T | null | false | undefined): Promise<T> {
  for (let i = 0; i < 60; i++) {
    const found = probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('did not settle');
}

/** A menu item chosen with the keyboard: highlighted by moving to it, then Enter. */
async function pick(user: ReturnType<typeof userEvent.setup>, item: HTMLElement) {
  const menu = item.closest<HTMLElement>('[data-scope="menu"][data-part="content"]')!;
  // Only the items of the open menu (the page's other menus keep theirs in the document).
  const items = [...menu.querySelectorAll<HTMLElement>('[data-scope="menu"][data-part="item"]:not([data-disabled])')];
  for (let i = 0; i <= items.indexOf(item); i++) await user.keyboard('{ArrowDown}');
  expect(item.hasAttribute('data-highlighted')).toBe(true);
  await user.keyboard('{Enter}');
}

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

describe('saved views of the Cmanagement tickets list (docs/api.md, Cmanagement: vistas?list=cm_tickets)', () => {
  it('applying a view sets the list URL to its filters, sort and board, and the list asks the API with them', async () => {
    const user = userEvent.setup();
    const api = serve([
      view(1, 'Mis urgentes', { priority: 'urgente' }),
      view(2, 'Obra: en curso', { state: 'en_curso', category: '9', sort: 'due_date', view: 'board' }, false),
    ]);
    renderPage('?search=grieta');
    // The menu is opened on the loaded list, as a user would.
    await screen.findByTestId('ticket-row');
    await user.click(await screen.findByTestId('saved-views-menu'));
    const items = await screen.findAllByTestId('saved-view-item');
    expect(items.map((i) => i.textContent)).toEqual(['Mis urgentes', 'Obra: en curso']);
    expect(new URL(viewCalls(api.calls)[0].url).searchParams.get('list')).toBe('cm_tickets');
    await pick(user, items[1]);
    await waitFor(() =>
      expect(screen.getByTestId('search').textContent).toBe('?state=en_curso&category=9&sort=due_date&view=board'),
    );
    await waitFor(() =>
      expect(
        listCalls(api.calls).some(
          (u) =>
            u.searchParams.get('state') === 'en_curso' &&
            u.searchParams.get('category') === '9' &&
            u.searchParams.get('sort') === 'due_date' &&
            !u.searchParams.has('search'),
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('saved-views-menu').textContent).toBe('Obra: en curso');
  });

  it('saves the current filters as a view of cm_tickets; the menu names it at once', async () => {
    const user = userEvent.setup();
    const api = serve([]);
    renderPage('?state=abierto&priority=alta');
    await screen.findByTestId('ticket-row');
    await user.click(await screen.findByTestId('saved-views-menu'));
    await pick(user, await screen.findByTestId('save-view'));
    const dialog = await settle(() => screen.queryByTestId('save-view-dialog'));
    await user.type(within(dialog).getByTestId('view-name'), 'Abiertas altas');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const post = await settle(() => api.calls.find((c) => c.method === 'POST'));
    expect(new URL(post.url).pathname.endsWith('/cmanagement/vistas')).toBe(true);
    expect(post.body).toEqual({
      list: 'cm_tickets',
      name: 'Abiertas altas',
      shared: false,
      params: { state: 'abierto', priority: 'alta' },
    });
    await waitFor(() => expect(screen.getByTestId('saved-views-menu').textContent).toBe('Abiertas altas'));
    expect(viewCalls(api.calls).filter((c) => c.method === 'GET')).toHaveLength(1);
  });
});
