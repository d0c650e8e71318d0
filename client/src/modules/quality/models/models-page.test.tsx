import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BimModel } from '#domain/quality-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { bimFile, bimModel } from '../test/bim-fixtures.ts';
import { BimIntegrationPage } from './bim-integration-page.tsx';
import { ModelsConfigPage } from './models-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => session.setProject(3));
afterEach(() => vi.unstubAllGlobals());

function render(permisos: string[], models: BimModel[]) {
  let list = models;
  const api = mockFetch((call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    if (call.method === 'GET' && url.pathname.endsWith('/calidad/modelos')) return { body: { data: list } };
    if (call.method === 'POST' && url.pathname.endsWith('/calidad/modelos')) {
      const created = bimModel(9, [], { name: (call.body as { name: string }).name });
      list = [...list, created];
      return { status: 201, body: { data: created } };
    }
    if (call.method === 'DELETE') {
      list = list.filter((m) => !url.pathname.endsWith(`/modelos/${m.id}`));
      return { body: { data: { id: 7 } } };
    }
    return { status: 404, body: { message: 'no' } };
  });
  renderWithProviders(<ModelsConfigPage />, {
    route: '/config/projects/models',
    queryClient: clientWithUser(permisos),
  });
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');

const processing = bimModel(7, [
  bimFile(11, { state: 'procesando', progress: 0.4, fragments_url: null, element_count: null, processing_ms: null }),
  bimFile(12, { stage: 'arquitectura', state: 'error', error: 'quality.errors.not_in_catalogue', processing_ms: 800 }),
]);

describe('config/projects/models (docs/product.md §5 BIM model)', () => {
  it("lists a project's models with each file's stage, live progress, sizes and error in Spanish", async () => {
    const api = render(['config_proyectos'], [processing]);
    const card = await screen.findByTestId('model-7');
    expect(api.calls[0].url).toContain('project_id=3');
    expect(within(card).getByTestId('model-state').textContent).toBe('En optimización');
    const [first, second] = within(card).getAllByTestId(/^file-\d+$/);
    expect(first.textContent).toContain('Estructura');
    expect(first.textContent).toContain('torre-11.ifc');
    expect(within(first).getByTestId('file-state').textContent).toContain('Procesando');
    expect(within(first).getByTestId('file-progress')).toBeTruthy();
    expect(first.textContent).toContain('40 %');
    expect(second.textContent).toContain('Arquitectura');
    expect(second.textContent).toContain('1.250');
    expect(second.textContent).toContain('0,8 s');
    // An unknown server key still reads as a sentence, never as the key.
    expect(within(second).getByTestId('file-error').textContent).not.toContain('quality.errors');
  });

  it('creates a model by name, refusing an empty one in Spanish first', async () => {
    const api = render(['config_proyectos'], []);
    await screen.findByTestId('models-empty');
    await userEvent.click(screen.getByTestId('model-new'));
    const dialog = await screen.findByTestId('model-dialog');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeTruthy();
    expect(writes(api)).toEqual([]);
    await userEvent.type(within(dialog).getByTestId('model-name-input'), 'Torre Norte');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await screen.findByText('Torre Norte');
    expect(writes(api)[0]).toMatchObject({ method: 'POST', body: { project_id: 3, name: 'Torre Norte' } });
  });

  it('offers only the stages the model has no file for', async () => {
    render(['config_proyectos'], [processing]);
    await userEvent.click(within(await screen.findByTestId('model-7')).getByTestId('model-attach'));
    const dialog = await screen.findByTestId('attach-dialog');
    const options = [...within(dialog).getByTestId('attach-stage').querySelectorAll('option')].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(['Instalaciones', 'Terminaciones', 'Coordinación']);
    expect(dialog.textContent).toContain('Solo archivos .ifc de hasta 512 MB');
  });

  it('force deletes a model after a confirmation that names it', async () => {
    const api = render(['config_proyectos'], [processing]);
    await userEvent.click(within(await screen.findByTestId('model-7')).getByTestId('model-delete'));
    const dialog = await screen.findByTestId('model-delete-dialog');
    expect(dialog.textContent).toContain('«Torre 7»');
    await userEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('model-7')).toBeNull());
    expect(writes(api)[0].method).toBe('DELETE');
    expect(writes(api)[0].url).toMatch(/calidad\/modelos\/7$/);
  });

  it('shows the models without any write action to someone without config_proyectos', async () => {
    render(['modulo_calidad'], [bimModel(7, [bimFile(11)])]);
    const card = await screen.findByTestId('model-7');
    expect(within(card).getByTestId('model-state').textContent).toBe('Listo');
    expect(within(card).getByTestId('model-open').getAttribute('href')).toBe('/quality/bim/7');
    for (const id of ['model-attach', 'model-rename', 'model-reprocess', 'model-delete', 'file-delete'])
      expect(within(card).queryByTestId(id)).toBeNull();
    expect(screen.queryByTestId('model-new')).toBeNull();
  });
});

describe('config/integraciones/bim', () => {
  it("lists every project's models with their state, last processing and links", async () => {
    const api = mockFetch(() => ({
      body: { data: [bimModel(7, [bimFile(11)]), { ...processing, id: 8, name: 'Torre 8' }] },
    }));
    renderWithProviders(<BimIntegrationPage />, {
      route: '/config/integraciones/bim',
      queryClient: clientWithUser(['config_proyectos']),
    });
    const row = await screen.findByTestId('bim-integration-7');
    expect(api.calls[0].url).not.toContain('project_id');
    expect(row.textContent).toContain('Edificio Parque');
    expect(row.textContent).toContain('12,3 s');
    expect(within(row).getByTestId('bim-integration-open').getAttribute('href')).toBe('/quality/bim/7');
    expect(within(screen.getByTestId('bim-integration-7')).getByTestId('model-state').textContent).toBe('Listo');
    expect(screen.getByTestId('bim-integration-list').textContent).toContain('En optimización');
  });
});
