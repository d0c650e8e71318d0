import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ADVANCE_COLORS } from '#domain/concrete-placements';
import type { Advance } from '#domain/concrete-placements-responses';
import type { BimModel } from '#domain/quality-responses';
import type { BimViewerProps } from '../../../widgets/bim-viewer/index.ts';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { AdvanceBimPage } from './advance-page.tsx';

/** The 3D viewer does not run in jsdom: a stand-in shows the colours handed to it and picks elements as a click would. */
vi.mock('../../../widgets/bim-viewer/index.ts', () => ({
  BimViewer: (props: BimViewerProps) => (
    <div
      data-testid="viewer"
      data-models={props.models.map((m) => m.url).join(' ')}
      data-colors={JSON.stringify([...(props.colors ?? new Map()).entries()])}
    >
      <button type="button" onClick={() => props.onSelect?.(['free-1', 'free-2'])}>
        pick free
      </button>
      <button type="button" onClick={() => props.onSelect?.(['losa-1'])}>
        pick placed
      </button>
    </div>
  ),
}));
// The button opens placements/placement-form-dialog.tsx (its own tests): here, what the page hands it.
vi.mock('./create-placement-button.tsx', () => ({
  CreatePlacementButton: (p: { projectId: number; globalIds: string[] }) => (
    <div data-testid="create-placement" data-project={p.projectId}>
      {p.globalIds.join(',')}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => session.setProject(3));
afterEach(() => vi.unstubAllGlobals());

const model: BimModel = {
  id: 7,
  name: 'Torre 7',
  project: { id: 3, name: 'Edificio Parque' },
  state: 'listo',
  files: [
    {
      id: 11,
      stage: 'estructura',
      state: 'listo',
      progress: 1,
      error: null,
      file: { path: 'uploader/11.ifc', name: 'torre.ifc', size: 2_500_000 },
      fragments_url: '/api/v2/public/api/calidad/modelos/7/archivos/11/fragmentos',
      fragments_bytes: 480_000,
      element_count: 1250,
      processing_ms: 12_300,
      updated_at: '2026-11-02T12:00:00.000Z',
    },
  ],
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-02T12:00:00.000Z',
};

const advance = (over: Partial<Advance> = {}): Advance => ({
  model,
  element_total: 1250,
  placements: [{ id: 40, number: 4, state: 'vaciado', global_ids: ['losa-1'] }],
  by_state: [
    { state: 'sin_vaciar', elements: 1249, m3: 0, placements: 0 },
    { state: 'programado', elements: 0, m3: 0, placements: 0 },
    { state: 'vaciado', elements: 1, m3: 12.5, placements: 1 },
    { state: 'conforme', elements: 0, m3: 0, placements: 0 },
    { state: 'no_conforme', elements: 0, m3: 0, placements: 0 },
  ],
  by_element: [{ element: { id: 1, name: 'Losa' }, state: 'vaciado', m3: 12.5, placements: 1 }],
  by_floor: [{ floor: 'Piso 2', state: 'vaciado', m3: 12.5, placements: 1 }],
  ...over,
});

function render(answer: Advance, permisos = ['modulo_hormigon', 'hormigon_editar']) {
  const api = mockFetch((call) =>
    call.url.includes('/hormigon/proyectos/3/avance') ? { body: answer } : { status: 404, body: { message: 'no' } },
  );
  renderWithProviders(
    <Routes>
      <Route path="/concrete/advanceBim" element={<AdvanceBimPage />} />
    </Routes>,
    { route: '/concrete/advanceBim', queryClient: clientWithUser(permisos) },
  );
  return api;
}

describe('concrete/advanceBim', () => {
  it("shows the Concrete model coloured by its placements' states, with the legend and totals", async () => {
    render(advance());
    const viewer = await screen.findByTestId('viewer');
    expect(viewer.getAttribute('data-models')).toContain('/modelos/7/archivos/11/fragmentos');
    expect(JSON.parse(viewer.getAttribute('data-colors')!)).toEqual([['losa-1', ADVANCE_COLORS.vaciado]]);
    const legend = screen.getByRole('list', { name: 'Estados' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Sin vaciar1.249 el. · 0 m³',
      'Programado0 el. · 0 m³',
      'Vaciado1 el. · 12,5 m³',
      'Conforme0 el. · 0 m³',
      'No conforme0 el. · 0 m³',
    ]);
    expect(screen.getByRole('table', { name: 'Totales por piso' }).textContent).toContain('Piso 2');
    expect(screen.getByRole('table', { name: 'Totales por tipo de elemento' }).textContent).toContain('Losa');
  });

  it('isolates a state from the legend, and shows all again', async () => {
    render(advance());
    const viewer = await screen.findByTestId('viewer');
    await userEvent.click(screen.getByRole('button', { name: /Programado/ }));
    expect(JSON.parse(viewer.getAttribute('data-colors')!)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar todos' }));
    expect(JSON.parse(viewer.getAttribute('data-colors')!)).toEqual([['losa-1', ADVANCE_COLORS.vaciado]]);
  });

  it('offers to create a placement from unplaced elements, and links a placed one to its placement', async () => {
    render(advance());
    await userEvent.click(await screen.findByRole('button', { name: 'pick free' }));
    expect(screen.getByTestId('create-placement').textContent).toBe('free-1,free-2');
    expect(screen.getByTestId('create-placement').dataset.project).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'pick placed' }));
    expect(screen.queryByTestId('create-placement')).toBeNull();
    expect(screen.getByRole('link', { name: 'Hormigonado N° 4 · Vaciado' }).getAttribute('href')).toBe(
      '/concrete/placements/40',
    );
  });

  it('hides the create button without hormigon_editar', async () => {
    render(advance(), ['modulo_hormigon']);
    await userEvent.click(await screen.findByRole('button', { name: 'pick free' }));
    expect(screen.getByTestId('advance-selection')).toBeTruthy();
    expect(screen.queryByTestId('create-placement')).toBeNull();
  });

  it('without a Concrete model, points to the uploader', async () => {
    render(advance({ model: null, element_total: 0, placements: [] }));
    const link = await screen.findByRole('link', { name: 'Asignar un modelo en el cargador' });
    expect(link.getAttribute('href')).toBe('/concrete/uploader');
  });
});
