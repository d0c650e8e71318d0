import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ConcreteDocument } from '#domain/concrete-placements-responses';
import type { BimModel, BimModelFile } from '#domain/quality-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { ConcreteUploaderPage } from './uploader-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => session.setProject(3));
afterEach(() => vi.unstubAllGlobals());

const file = (id: number, over: Partial<BimModelFile> = {}): BimModelFile => ({
  id,
  stage: 'estructura',
  state: 'listo',
  progress: 1,
  error: null,
  file: { path: `uploader/${id}.ifc`, name: `torre-${id}.ifc`, size: 2_500_000 },
  fragments_url: `/api/v2/public/api/calidad/modelos/7/archivos/${id}/fragmentos`,
  fragments_bytes: 480_000,
  element_count: 1250,
  processing_ms: 12_300,
  updated_at: '2026-11-02T12:00:00.000Z',
  ...over,
});
const model = (id: number, files: BimModelFile[], state: BimModel['state'] = 'listo'): BimModel => ({
  id,
  name: `Torre ${id}`,
  project: { id: 3, name: 'Edificio Parque' },
  state,
  files,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-02T12:00:00.000Z',
});
const ready = model(7, [file(11)]);
const optimising = model(8, [file(21, { state: 'procesando', fragments_url: null })], 'en_optimizacion');
const guide: ConcreteDocument = {
  id: 90,
  kind: 'guia_despacho',
  name: 'guia-1234.pdf',
  size: 204_800,
  path: 'uploader/guia-1234.pdf',
  placement: { id: 40, number: 4 },
  uploaded_by: null,
  created_at: '2026-11-03T15:00:00.000Z',
};

function render(opts: { current?: BimModel | null; permisos?: string[]; put?: (c: RecordedCall) => object } = {}) {
  let current = opts.current ?? null;
  const api = mockFetch((call) => {
    const p = new URL(call.url, 'http://x').pathname;
    if (p.endsWith('/hormigon/proyectos/3/modelo')) {
      if (call.method === 'PUT') {
        const answer = opts.put?.(call);
        if (answer) return answer;
        current = ready;
      }
      if (call.method === 'DELETE') return { status: 409, body: { message: 'El modelo está en uso' } };
      return { body: { model: current } };
    }
    if (p.endsWith('/hormigon/proyectos/3/avance'))
      return {
        body: { model: current, element_total: 1250, placements: [], by_state: [], by_element: [], by_floor: [] },
      };
    if (p.endsWith('/hormigon/proyectos/3/documentos')) return { body: { data: [guide] } };
    if (p.endsWith('/calidad/modelos')) return { body: { data: [optimising, ready] } };
    return { status: 404, body: { message: 'no' } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/concrete/uploader" element={<ConcreteUploaderPage />} />
    </Routes>,
    {
      route: '/concrete/uploader',
      queryClient: clientWithUser(opts.permisos ?? ['modulo_hormigon', 'hormigon_editar']),
    },
  );
  return api;
}

describe('concrete/uploader', () => {
  it('assigns a ready model; a model still being optimised cannot be picked', async () => {
    const api = render();
    expect(await screen.findByText('El proyecto no tiene modelo de hormigón asignado.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Asignar modelo' }));
    const dialog = await screen.findByRole('dialog');
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).disabled)).toEqual([true, false]);
    await userEvent.click(within(dialog).getByText(/Torre 7/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ model_id: 7 });
    const card = await screen.findByTestId('concrete-model');
    expect(card.textContent).toContain('Torre 7');
    expect(card.textContent).toContain('torre-11.ifc');
    expect(card.textContent).toContain('1.250 elementos');
  });

  it("shows the server's refusal to remove a model in use", async () => {
    render({ current: ready });
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar modelo' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar modelo' }));
    expect(await within(dialog).findByText('El modelo está en uso')).toBeTruthy();
  });

  it('a reader sees the model and no writes', async () => {
    render({ current: ready, permisos: ['modulo_hormigon'] });
    await screen.findByText('torre-11.ifc', { exact: false });
    expect(screen.queryByRole('button', { name: 'Cambiar modelo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar modelo' })).toBeNull();
  });
});
