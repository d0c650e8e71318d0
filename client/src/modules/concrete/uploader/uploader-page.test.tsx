import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ConcreteDocument } from '#domain/concrete-placements-responses';
import type { BimModel, BimModelFile } from '#domain/quality-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { pdfFile } from '../../../widgets/upload/test-support.ts';
import { ConcreteUploaderPage } from './uploader-page.tsx';

vi.mock('../../../widgets/upload/transfer.ts', async (original) => ({
  ...(await original<typeof import('../../../widgets/upload/transfer.ts')>()),
  putFile: vi.fn(async () => undefined),
}));

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
const report: ConcreteDocument = {
  id: 91,
  kind: 'informe_laboratorio',
  name: 'informe-lab.pdf',
  size: 209,
  path: '1/2026/11/g.pdf',
  placement: { id: 40, number: 4 },
  uploaded_by: { id: 5, full_name: 'Ana Rojas', acronym: 'AR', color: null, is_enabled: true },
  created_at: '2026-11-04T15:00:00.000Z',
};

function render(opts: { current?: BimModel | null; permisos?: string[]; put?: (c: RecordedCall) => object } = {}) {
  let current = opts.current ?? null;
  let documents = [guide];
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
    if (p.endsWith('/hormigon/proyectos/3/documentos')) {
      if (call.method === 'POST') documents = [...documents, report];
      return { status: call.method === 'POST' ? 201 : 200, body: { data: documents } };
    }
    if (p.endsWith('/hormigon/documentos/90') && call.method === 'DELETE') {
      documents = documents.filter((d) => d.id !== 90);
      return { status: 204 };
    }
    if (p.endsWith('/hormigon/vaciados'))
      return {
        body: {
          data: [{ id: 40, number: 4 }],
          current_page: 1,
          total: 1,
          has_more: false,
          rowsPerPage: 500,
        },
      };
    if (p.endsWith('/files/upload-url'))
      return {
        body: {
          data: {
            url: 'http://localhost/storage/o/1/g.pdf?s=x',
            path: '1/2026/11/g.pdf',
            contentType: 'application/pdf',
          },
        },
      };
    if (p.endsWith('/files/confirm'))
      return {
        body: {
          data: { id: 1, path: '1/2026/11/g.pdf', name: 'informe-lab.pdf', type: 'application/pdf', url: '/f' },
        },
      };
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

  it('lists the documents, each linked to its PDF through the files module', async () => {
    render();
    const card = await screen.findByTestId('concrete-documents');
    const row = await within(card).findByTestId('concrete-document');
    expect(row.textContent).toContain('Guía de despacho');
    expect(row.textContent).toContain('Hormigonado N° 4');
    expect(row.textContent).toContain('200 KB');
    const link = within(row).getByRole('link', { name: 'guia-1234.pdf' });
    expect(link.getAttribute('href')).toContain('/api/v2/public/files/uploader/guia-1234.pdf');
  });

  it('uploads PDFs of the chosen kind and placement in one request', async () => {
    const api = render();
    const upload = await screen.findByTestId('concrete-documents-upload');
    await userEvent.selectOptions(within(upload).getByTestId('concrete-document-kind'), 'informe_laboratorio');
    const placement = within(upload).getByTestId('concrete-document-placement');
    await within(placement).findByRole('option', { name: 'Hormigonado N° 4' });
    await userEvent.selectOptions(placement, '40');
    const file = pdfFile('informe-lab.pdf');
    fireEvent.change(within(upload).getByTestId('uploader-input'), { target: { files: [file] } });
    const submit = within(upload).getByTestId('concrete-documents-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    expect(submit.textContent).toBe('Subir 1 documento');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.includes('/hormigon/proyectos/3/documentos'))).toBe(
        true,
      ),
    );
    const post = api.calls.find((c) => c.method === 'POST' && c.url.includes('/documentos'))!;
    expect(post.body).toEqual({
      kind: 'informe_laboratorio',
      placement_id: 40,
      files: [{ path: '1/2026/11/g.pdf', name: 'informe-lab.pdf', size: file.size }],
    });
    const card = screen.getByTestId('concrete-documents');
    await waitFor(() => expect(within(card).getAllByTestId('concrete-document')).toHaveLength(2));
    expect(within(card).getAllByTestId('concrete-document')[1].textContent).toContain('Subido por Ana Rojas');
  });

  it('asks before deleting a document', async () => {
    const api = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar guia-1234.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('guia-1234.pdf');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(new URL(api.calls.find((c) => c.method === 'DELETE')!.url, 'http://x').pathname).toMatch(
      /\/hormigon\/documentos\/90$/,
    );
    expect(await screen.findByText('Aún no hay documentos.')).toBeTruthy();
  });

  it('a reader sees the model and no writes', async () => {
    render({ current: ready, permisos: ['modulo_hormigon'] });
    await screen.findByText('torre-11.ifc', { exact: false });
    expect(screen.queryByRole('button', { name: 'Cambiar modelo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar modelo' })).toBeNull();
    await screen.findByRole('link', { name: 'guia-1234.pdf' });
    expect(screen.queryByRole('button', { name: 'Eliminar guia-1234.pdf' })).toBeNull();
    expect(screen.queryByTestId('concrete-documents-upload')).toBeNull();
  });
});
