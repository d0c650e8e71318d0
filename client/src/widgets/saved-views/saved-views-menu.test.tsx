import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useSearchParams } from 'react-router';
import { SAVED_VIEW_PARAMS } from '#domain/saved-views';
import { mockFetch, type RecordedCall } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';
import { SavedViewsMenu } from './saved-views-menu.tsx';
import type { SavedView, SavedViewsSource } from './views-api.ts';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const view = (id: number, name: string, params: Record<string, string>, mine = true): SavedView => ({
  id,
  list: 'solicitudes',
  name,
  shared: !mine,
  params,
  owner: { id: mine ? 5 : 2, full_name: mine ? 'Valentina Muñoz' : 'Jorge Pérez' },
  is_mine: mine,
  can_edit: mine,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
});

/** The views API, answering a POST with `onCreate`. */
function serve(views: SavedView[], onCreate: (call: RecordedCall) => { status?: number; body: unknown }) {
  return mockFetch((call) => {
    const url = new URL(call.url);
    if (url.pathname.endsWith('/postventa/vistas'))
      return call.method === 'POST' ? onCreate(call) : { body: { data: views } };
    return { status: 404, body: { message: 'unexpected' } };
  });
}

/** Polls on real timers until `probe` answers (the menu-opened dialog mounts after the menu hands the focus back). */
async function settle<T>(probe: () => T | null | false | undefined): Promise<T> {
  for (let i = 0; i < 60; i++) {
    const found = probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the dialog did not settle');
}

/** A menu item chosen with the keyboard, as a user may: highlighted by moving to it, then Enter. */
async function pick(user: ReturnType<typeof userEvent.setup>, item: HTMLElement) {
  const items = [
    ...document.querySelectorAll<HTMLElement>('[data-scope="menu"][data-part="item"]:not([data-disabled])'),
  ];
  for (let i = 0; i <= items.indexOf(item); i++) await user.keyboard('{ArrowDown}');
  expect(item.hasAttribute('data-highlighted')).toBe(true);
  await user.keyboard('{Enter}');
}

const source: SavedViewsSource = { path: 'postventa/vistas', list: 'solicitudes', queryKey: ['test', 'views'] };

/** A list whose state is its URL, as the lists that use the menu keep it (the parameters its list keeps). */
function UrlList() {
  const [params, setParams] = useSearchParams();
  const current = Object.fromEntries(
    SAVED_VIEW_PARAMS.solicitudes.filter((k) => params.has(k)).map((k) => [k, params.get(k)!]),
  );
  return <SavedViewsMenu source={source} current={current} onApply={(view) => setParams(new URLSearchParams(view))} />;
}
function Where() {
  return <output data-testid="search">{useLocation().search}</output>;
}
function renderList(search: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/warranties/solicitudes"
        element={
          <>
            <UrlList />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: `/warranties/solicitudes${search}`, queryClient: clientWithUser(['postventa_gestionar']) },
  );
}

describe('SavedViewsMenu over a list kept in the URL (docs/product.md §2 Saved views)', () => {
  it('shows the server’s 422 on the name in the dialog', async () => {
    const user = userEvent.setup();
    serve([], () => ({
      status: 422,
      body: {
        message: 'Datos inválidos',
        errors: [],
        fields: { name: 'Ya tiene una vista con ese nombre en esta lista' },
      },
    }));
    renderList('?project=');
    await user.click(await screen.findByTestId('saved-views-menu'));
    await pick(user, await screen.findByTestId('save-view'));
    const dialog = await settle(() => screen.queryByTestId('save-view-dialog'));
    await user.type(within(dialog).getByTestId('view-name'), 'Torre A');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya tiene una vista con ese nombre en esta lista')).toBeTruthy();
  });

  it('saves the current filters under a name (no share option without the permission); the menu shows it at once', async () => {
    const user = userEvent.setup();
    const api = serve([], (call) => ({
      status: 201,
      body: {
        data: view(9, (call.body as { name: string }).name, (call.body as { params: Record<string, string> }).params),
      },
    }));
    renderList('?project=&priority=urgent');
    await user.click(await screen.findByTestId('saved-views-menu'));
    await pick(user, await screen.findByTestId('save-view'));
    const dialog = await settle(() => screen.queryByTestId('save-view-dialog'));
    expect(within(dialog).queryByText('Compartir con la empresa')).toBeNull();
    await user.type(within(dialog).getByTestId('view-name'), ' Urgentes ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const post = await settle(() => api.calls.find((c) => c.method === 'POST'));
    await settle(() => !screen.queryByTestId('save-view-dialog'));
    expect(post.body).toEqual({
      list: 'solicitudes',
      name: 'Urgentes',
      shared: false,
      params: { project: '', priority: 'urgent' },
    });
    expect(api.calls.filter((c) => c.method === 'GET' && c.url.includes('/vistas'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('saved-views-menu').textContent).toBe('Urgentes'));
  });

  it('applying a view sets the list URL to its filters and sort, dropping parameters its list does not keep', async () => {
    const user = userEvent.setup();
    const api = serve(
      [
        view(1, 'Mis urgentes', { priority: 'urgent' }),
        view(2, 'Equipo: vencidas', { project: '', sla: 'vencidas', sort: 'sla', page: '3' }, false),
      ],
      () => ({ body: {} }),
    );
    renderList('?project=');
    await user.click(await screen.findByTestId('saved-views-menu'));
    const items = await screen.findAllByTestId('saved-view-item');
    expect(items.map((i) => i.textContent)).toEqual(['Mis urgentes', 'Equipo: vencidas']);
    await pick(user, items[1]);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?project=&sla=vencidas&sort=sla'));
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // The menu names the view the list shows.
    expect(screen.getByTestId('saved-views-menu').textContent).toBe('Equipo: vencidas');
  });
});
