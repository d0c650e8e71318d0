import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { BimViewerProps } from '../../../widgets/bim-viewer/index.ts';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { WALL, activity, bimFile, bimModel, wallElement } from '../test/bim-fixtures.ts';
import { NOT_STARTED_COLOR, progressColor } from './colouring.ts';
import { BimPage } from './bim-page.tsx';

/**
 * The 3D viewer (That Open, WebGL) does not run in jsdom: a stand-in with the viewer's props shows what the page
 * hands it (models, colours) and lets the test pick an element as a click on the canvas would.
 */
vi.mock('../../../widgets/bim-viewer/index.ts', () => ({
  BimViewer: (props: BimViewerProps) => (
    <div
      data-testid="viewer"
      data-models={props.models.map((m) => m.url).join(' ')}
      data-colors={JSON.stringify([...(props.colors ?? new Map()).entries()])}
      data-dim={String(Boolean(props.dimUncoloured))}
    >
      <button type="button" onClick={() => props.onSelect?.([WALL])}>
        pick
      </button>
    </div>
  ),
}));

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  session.setProject(3);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const ready = bimModel(7, [bimFile(11)]);
const optimising = bimModel(8, [bimFile(21, { state: 'procesando', fragments_url: null })]);

function render(route: string, permisos = ['modulo_calidad', 'calidad_editar']) {
  let links = [{ activity_id: 2, global_id: 'otro-elemento' }];
  const api = mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    const p = url.pathname;
    if (p.endsWith('/calidad/modelos')) return { body: { data: [optimising, ready] } };
    if (p.endsWith('/calidad/modelos/7')) return { body: { data: ready } };
    if (p.endsWith('/modelos/7/elementos')) return { body: { data: [wallElement], total: 1 } };
    if (p.endsWith('/modelos/7/actividades-elementos')) return { body: { data: links } };
    if (p.endsWith('/calidad/actividades'))
      return {
        body: {
          data: [
            activity(1, { description: 'Muros piso 1', progress: 0 }),
            activity(2, { description: 'Losa piso 2', progress: 60, actual_start: '2026-11-02' }),
          ],
          links: [],
          total: 2,
        },
      };
    if (call.method === 'PUT') {
      const body = call.body as { global_ids: string[] };
      links = [
        ...links.filter((l) => l.activity_id !== 2),
        ...body.global_ids.map((g) => ({ activity_id: 2, global_id: g })),
      ];
      return { body: { data: { activity_id: 2 } } };
    }
    return { status: 404, body: { message: 'no' } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/quality/bim/:modelId?" element={<BimPage />} />
    </Routes>,
    { route, queryClient: clientWithUser(permisos) },
  );
  return api;
}

describe('quality/bim (docs/product.md §1 Quality)', () => {
  it('opens the first ready model of the project when the address names none', async () => {
    const api = render('/quality/bim');
    const viewer = await screen.findByTestId('viewer');
    expect(viewer.getAttribute('data-models')).toContain('/modelos/7/archivos/11/fragmentos');
    const options = [...screen.getByTestId('bim-model').querySelectorAll('option:not([disabled])')];
    expect(options.map((o) => o.textContent)).toEqual(['Torre 7']);
    expect(api.calls.some((c) => c.url.includes('/calidad/modelos/7'))).toBe(true);
    expect(localStorage.getItem('quality.bim.model.3')).toBe('7');
  });

  it("shows a picked element's properties and links it to an activity, keeping the activity's other elements", async () => {
    const api = render('/quality/bim/7');
    await userEvent.click(within(await screen.findByTestId('viewer')).getByRole('button'));
    const props = await screen.findByTestId(`bim-element-${WALL}`);
    expect(props.textContent).toContain('IfcWall');
    expect(props.textContent).toContain('Pset_WallCommon');
    expect(props.textContent).toContain('FireRating');
    expect(props.textContent).toContain('F90');
    expect(props.textContent).toContain('EG');
    expect(api.calls.find((c) => c.url.includes('/elementos?'))!.url).toContain(
      `global_ids=${encodeURIComponent(WALL)}`,
    );
    expect(screen.getByTestId('bim-linked').textContent).toContain('La selección no está vinculada');

    await userEvent.type(screen.getByTestId('bim-link-search'), 'losa');
    const select = screen.getByTestId('bim-link-activity');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['2 · Losa piso 2']);
    await userEvent.click(screen.getByTestId('bim-link-submit'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/calidad\/actividades\/2\/elementos$/);
    expect((put.body as { model_id: number }).model_id).toBe(7);
    expect([...(put.body as { global_ids: string[] }).global_ids].sort()).toEqual([WALL, 'otro-elemento'].sort());
    expect(await screen.findByTestId('bim-linked-2')).toBeTruthy();
  });

  it("colours linked elements by their activity's progress, with a legend", async () => {
    render('/quality/bim/7');
    const viewer = await screen.findByTestId('viewer');
    expect(viewer.getAttribute('data-colors')).toBe('[]');
    await userEvent.click(screen.getByText('Colorear por avance'));
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('viewer').getAttribute('data-colors')!)).toEqual([
        ['otro-elemento', progressColor(60)],
      ]),
    );
    expect(screen.getByTestId('viewer').getAttribute('data-dim')).toBe('true');
    expect(screen.getByTestId('bim-progress-legend').textContent).toContain('Sin iniciar');
    expect(NOT_STARTED_COLOR).toBe('#9ca3af');
  });

  it('without calidad_editar the properties show but linking is not offered', async () => {
    render('/quality/bim/7', ['modulo_calidad']);
    await userEvent.click(within(await screen.findByTestId('viewer')).getByRole('button'));
    await screen.findByTestId(`bim-element-${WALL}`);
    expect(screen.queryByTestId('bim-link')).toBeNull();
  });
});
