import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { mockFetch } from '../../api/mock-fetch.ts';
import { session, STORAGE_KEYS } from '../../shared/session/session-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';
import { ProyectosPage } from './proyectos-page.tsx';
import { TasksPanel } from './tasks-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

const project = (id: number, name: string, extra: Partial<{ is_closed: boolean; is_blocked: boolean }> = {}) => ({
  id,
  name,
  address_full: 'Av. Macul 3820, Macul, Santiago',
  image_url: null,
  is_closed: false,
  is_blocked: false,
  code: `P${id}`,
  group: 'Región Metropolitana',
  created_at: '2025-01-01T00:00:00Z',
  progress: { units_total: 48, units_delivered: 12 },
  ...extra,
});
const PROJECTS = [
  project(1, 'Condominio Alto Macul'),
  project(2, 'Puerto Alegre', { is_closed: true }),
  project(3, 'Lomas de San Pedro', { is_blocked: true }),
];

const now = new Date('2026-03-10T12:00:00Z');
const tasks = {
  next_7_days: [
    {
      id: 1,
      title: 'Revisar solicitudes atrasadas de Torre A',
      kind: 'postventa',
      link: '/warranties/solicitudes',
      project_id: 1,
      due_at: '2026-03-11T12:00:00Z',
    },
  ],
  later: [
    {
      id: 2,
      title: 'Preparar informe mensual de calidad',
      kind: 'calidad',
      link: '/quality',
      project_id: 1,
      due_at: '2026-03-25T12:00:00Z',
    },
  ],
};

function serve() {
  return mockFetch((call) => {
    const url = new URL(call.url);
    if (url.pathname.endsWith('/home/tareas')) return { body: { data: tasks } };
    const search = url.searchParams.get('search') ?? '';
    const data = PROJECTS.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
    return {
      body: {
        data,
        current_page: Number(url.searchParams.get('page') ?? 1),
        total: data.length,
        has_more: false,
        rowsPerPage: 50,
      },
    };
  });
}

function renderHome() {
  const queryClient = clientWithUser(['modulo_postventa']);
  return renderWithProviders(<ProyectosPage />, { route: '/home/proyectos', queryClient });
}

describe('home proyectos (docs/product.md §2, §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('toggles list and card view and keeps the choice in grid_mode', async () => {
    serve();
    renderHome();
    expect(await screen.findByTestId('projects-table')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tarjetas' }));
    expect(await screen.findByTestId('projects-cards')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.gridMode)).toBe('grid');
    expect(screen.getByRole('button', { name: 'Tarjetas' }).getAttribute('aria-pressed')).toBe('true');
    session.reset(); // a new visit reads it back
    expect(session.get().gridMode).toBe('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(localStorage.getItem(STORAGE_KEYS.gridMode)).toBe('list');
  });

  it("shows closed and blocked projects disabled with the badge 'Cerrado' or 'Bloqueado'", async () => {
    serve();
    renderHome();
    const rows = await screen.findAllByTestId('project-row');
    expect(rows).toHaveLength(3);
    expect(rows[0].getAttribute('aria-disabled')).toBeNull();
    expect(within(rows[0]).getByRole('button', { name: 'Condominio Alto Macul' })).toBeTruthy();
    expect(rows[1].getAttribute('aria-disabled')).toBe('true');
    expect(within(rows[1]).getByText('Cerrado')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(rows[2].getAttribute('aria-disabled')).toBe('true');
    expect(within(rows[2]).getByText('Bloqueado')).toBeTruthy();
  });

  it('searches after the docs/product.md §9 debounce and shows the result count', async () => {
    const f = serve();
    renderHome();
    await screen.findAllByTestId('project-row');
    await userEvent.type(screen.getByRole('searchbox'), 'puerto');
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(1), { timeout: 10_000 });
    const searched = f.calls.filter((c) => new URL(c.url).searchParams.get('search') === 'puerto');
    expect(searched).toHaveLength(1); // one request after typing stopped, not one per key
    expect(screen.getByText('1 proyecto')).toBeTruthy();
  });
});

describe('home proyectos paging (docs/product.md §2 pagination)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  function Where() {
    const { search } = useLocation();
    return <output data-testid="search">{search}</output>;
  }

  it('moves ?page=5 of a single page of projects to page 1 and shows them, not "no projects"', async () => {
    const pages: string[] = [];
    mockFetch((call) => {
      const url = new URL(call.url);
      if (url.pathname.endsWith('/home/tareas')) return { body: { data: tasks } };
      const page = Number(url.searchParams.get('page') ?? 1);
      pages.push(String(page));
      return {
        body: {
          data: page === 1 ? PROJECTS : [],
          current_page: page,
          total: PROJECTS.length,
          has_more: false,
          rowsPerPage: 50,
        },
      };
    });
    const queryClient = clientWithUser(['modulo_postventa']);
    renderWithProviders(
      <Routes>
        <Route
          path="/home/proyectos"
          element={
            <>
              <ProyectosPage />
              <Where />
            </>
          }
        />
      </Routes>,
      { route: '/home/proyectos?page=5', queryClient },
    );
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    expect(await screen.findByTestId('projects-table')).toBeTruthy();
    expect(screen.queryByTestId('projects-empty')).toBeNull();
    expect(screen.getByText('1–3 de 3')).toBeTruthy();
    expect(pages).toEqual(['5', '1']);
  });
});

describe('home tareas (docs/product.md §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("groups tasks under 'Próximos 7 días' and 'Más de 7 días'", async () => {
    serve();
    const queryClient = clientWithUser(['modulo_postventa']);
    renderWithProviders(<TasksPanel now={now.getTime()} />, { queryClient });
    const next = await screen.findByTestId('task-group-next_7_days');
    const later = screen.getByTestId('task-group-later');
    expect(within(next).getByRole('heading').textContent).toBe('Próximos 7 días');
    expect(within(later).getByRole('heading').textContent).toBe('Más de 7 días');
    expect(
      within(next).getByRole('link', { name: 'Revisar solicitudes atrasadas de Torre A' }).getAttribute('href'),
    ).toBe('/warranties/solicitudes');
    expect(within(later).getByText('Preparar informe mensual de calidad')).toBeTruthy();
    expect(within(next).getByText('Postventa')).toBeTruthy();
  });
});
