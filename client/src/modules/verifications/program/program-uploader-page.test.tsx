import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { verificationKeys } from '../api/keys.ts';
import {
  MANAGER,
  mockVerificationsApi,
  programPreview,
  programSheet,
  receptionDetail,
  receptionRow,
  refusal,
  template,
  VIEWER,
  writes,
  type VerificationsState,
} from '../test/fixtures.ts';
import { ProgramUploaderPage } from './program-uploader-page.tsx';

// The bytes' transfer is the uploader's own business (widgets/upload/file-uploader.test.tsx): here it just succeeds.
vi.mock('../../../widgets/upload/transfer.ts', async (original) => ({
  ...(await original<typeof import('../../../widgets/upload/transfer.ts')>()),
  putFile: vi.fn(async () => undefined),
}));

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const rows = [
  receptionRow(),
  receptionRow({
    id: 22,
    code: 'R-002',
    name: 'Tabiques piso 2',
    work_package: 'Tabiquería',
    location: null,
    contractor: null,
    template: null,
    state: 'aprobada',
  }),
];
const state: VerificationsState = {
  recepciones: rows,
  plantillas: [
    template(),
    template({ id: 5, name: 'Terminaciones', work_package: 'Terminaciones' }),
    template({ id: 6, name: 'Antigua', active: false }),
  ],
};

function render(permisos: string[], write?: (call: RecordedCall) => MockAnswer, over: VerificationsState = {}) {
  const api = mockVerificationsApi({ ...state, ...over }, (call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/files/upload-url'))
      return {
        body: {
          data: { url: 'http://localhost/storage/o/1/p.xlsx?s=x', path: '1/2026/12/p.xlsx', contentType: 'text/csv' },
        },
      };
    if (path.endsWith('/files/confirm'))
      return { body: { data: { id: 1, path: '1/2026/12/p.xlsx', name: 'programa.csv', type: 'text/csv', url: '/f' } } };
    return write?.(call) ?? { status: 404, body: { message: 'No encontrado' } };
  });
  const queryClient = clientWithUser(permisos);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithProviders(<ProgramUploaderPage />, { route: '/verifications/uploader', queryClient });
  return { api, invalidate };
}
const calls = (api: { calls: RecordedCall[] }, end: string) =>
  api.calls.filter((c) => new URL(c.url, 'http://x').pathname.endsWith(end));

describe('/verifications/uploader: the program list', () => {
  it('lists the project’s receptions with their dates, template, state and a link to each', async () => {
    const { api } = render(VIEWER);
    const [first, second] = await screen.findAllByTestId('reception-row');
    expect(calls(api, '/verificaciones/recepciones')[0].url).toContain('project_id=3');
    expect(first.textContent).toContain('R-001');
    expect(first.textContent).toContain('Losa piso 3');
    expect(first.textContent).toContain('01-04-2025 – 03-04-2025');
    expect(first.textContent).toContain('Recepción de obra gruesa');
    expect(within(first).getByTestId('reception-state').textContent).toBe('Programada');
    expect(second.textContent).toContain('Sin plantilla');
    expect(within(second).getByTestId('reception-state').textContent).toBe('Aprobada');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/verifications/recepcion/21');
    expect(screen.getByTestId('program-count').textContent).toBe('2 recepciones');
    // Reading only: no upload, no new reception, no edit.
    expect(screen.queryByTestId('program-upload')).toBeNull();
    expect(screen.queryByTestId('reception-new')).toBeNull();
    expect(screen.queryByTestId('reception-edit')).toBeNull();
  });

  it('searches by code or name', async () => {
    const { api } = render(VIEWER);
    await screen.findAllByTestId('reception-row');
    await userEvent.type(screen.getByTestId('program-search'), 'tabiques{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('reception-row')).toHaveLength(1));
    expect(calls(api, '/verificaciones/recepciones').at(-1)?.url).toContain('q=tabiques');
    expect(screen.getByTestId('reception-row').textContent).toContain('R-002');
  });

  it('tells a manager how to start when the project has no program', async () => {
    render(MANAGER, undefined, { recepciones: [] });
    expect((await screen.findByTestId('program-empty')).textContent).toContain('Cárgalo desde una planilla');
  });
});

describe('/verifications/uploader: a reception by hand', () => {
  it('creates one with a template among the active ones, and refreshes the project’s program', async () => {
    const { api, invalidate } = render(MANAGER, (call) =>
      call.method === 'POST' && call.url.includes('/verificaciones/recepciones')
        ? { status: 201, body: { data: receptionDetail({ id: 30, state: 'programada' }) } }
        : { status: 404, body: { message: 'No encontrado' } },
    );
    await screen.findAllByTestId('reception-row');
    await userEvent.click(screen.getByTestId('reception-new'));
    const dialog = await screen.findByTestId('reception-dialog');
    const select = within(dialog).getByTestId('reception-template') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect([...select.options].map((o) => o.text)).toEqual([
      'Sin plantilla',
      'Recepción de obra gruesa (Obra gruesa)',
      'Terminaciones (Terminaciones)',
    ]);
    await userEvent.type(within(dialog).getByTestId('reception-code'), 'R-010');
    await userEvent.type(within(dialog).getByTestId('reception-name'), 'Cielos piso 4');
    // The work package proposes its template.
    await userEvent.type(within(dialog).getByTestId('reception-work-package'), 'Terminaciones');
    expect(select.value).toBe('5');
    fireEvent.change(within(dialog).getByTestId('reception-start'), { target: { value: '2025-05-02' } });
    fireEvent.change(within(dialog).getByTestId('reception-end'), { target: { value: '2025-05-06' } });
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('reception-dialog')).toBeNull());
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      body: {
        project_id: 3,
        code: 'R-010',
        name: 'Cielos piso 4',
        work_package: 'Terminaciones',
        location: null,
        contractor: null,
        template_id: 5,
        planned_start: '2025-05-02',
        planned_end: '2025-05-06',
      },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: verificationKeys.work(3) });
  });

  it('checks the dates’ order before sending and shows the server’s 422 on the code', async () => {
    const { api } = render(MANAGER, () => refusal({ code: 'Ya existe una recepción con ese código' }));
    await screen.findAllByTestId('reception-row');
    await userEvent.click(screen.getByTestId('reception-new'));
    const dialog = await screen.findByTestId('reception-dialog');
    await userEvent.type(within(dialog).getByTestId('reception-code'), 'R-001');
    await userEvent.type(within(dialog).getByTestId('reception-name'), 'Otra losa');
    fireEvent.change(within(dialog).getByTestId('reception-start'), { target: { value: '2025-05-06' } });
    fireEvent.change(within(dialog).getByTestId('reception-end'), { target: { value: '2025-05-02' } });
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(writes(api)).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('reception-end'), { target: { value: '2025-05-08' } });
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(dialog.textContent).toContain('Ya existe una recepción con ese código'));
    expect(writes(api)).toHaveLength(1);
  });

  it('edits only programmed receptions, sending what changed', async () => {
    const { api } = render(MANAGER, () => ({ body: { data: receptionDetail({ state: 'programada' }) } }));
    await screen.findAllByTestId('reception-row');
    expect(screen.getAllByTestId('reception-edit')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('reception-edit'));
    const dialog = await screen.findByTestId('reception-dialog');
    const name = within(dialog).getByTestId('reception-name');
    expect(name).toHaveProperty('value', 'Losa piso 3');
    await userEvent.clear(name);
    await userEvent.type(name, 'Losa piso 3 y 4');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('reception-dialog')).toBeNull());
    expect(writes(api)[0]).toMatchObject({
      method: 'PATCH',
      url: expect.stringContaining('/verificaciones/recepciones/21'),
      body: { name: 'Losa piso 3 y 4' },
    });
    expect(Object.keys(writes(api)[0].body as object)).toEqual(['name']);
  });
});

describe('/verifications/uploader: the program upload', () => {
  async function uploadAndMap() {
    await screen.findAllByTestId('reception-row');
    await userEvent.click(screen.getByTestId('program-upload'));
    await screen.findByTestId('import-wizard');
    const file = new File(['Código;Actividad\r\nR-001;Losa'], 'programa.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('uploader-input'), { target: { files: [file] } });
    await screen.findByTestId('import-mapping');
  }
  const target = (i: number) => screen.getByTestId(`import-target-${i}`) as HTMLSelectElement;
  const program =
    (preview = programPreview()) =>
    (call: RecordedCall) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path.endsWith('/programa/columnas')) return { body: { data: programSheet() } };
      if (path.endsWith('/programa/revisar')) return { body: { data: preview } };
      if (path.endsWith('/programa/importar')) return { body: { data: { created: 1, updated: 1 } } };
      return { status: 404, body: { message: 'No encontrado' } };
    };

  it('prefills the suggested mapping, and previews the row errors and the work packages without a template', async () => {
    const { api } = render(MANAGER, program());
    await uploadAndMap();
    expect(calls(api, '/programa/columnas')[0].body).toEqual({ project_id: 3, path: '1/2026/12/p.xlsx' });
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => target(i).value)).toEqual([
      'code',
      'name',
      'work_package',
      'location',
      '',
      'planned_start',
      'planned_end',
    ]);
    expect([...target(4).options].map((o) => o.text)).toEqual(['No importar', 'Contratista']);
    expect([...target(0).options].map((o) => o.text)).toContain('Código (obligatorio)');
    await userEvent.selectOptions(target(4), 'contractor');
    await userEvent.click(screen.getByTestId('import-next'));
    const preview = await screen.findByTestId('import-preview');
    expect(calls(api, '/programa/revisar')[0].body).toEqual({
      project_id: 3,
      path: '1/2026/12/p.xlsx',
      mapping: { ...programSheet().suggested_mapping, Subcontrato: 'contractor' },
    });
    expect(within(preview).getByTestId('import-counts').textContent).toBe(
      '3 filas1 recepción nueva1 recepción actualizada1 fila con errores',
    );
    expect(
      within(within(preview).getByTestId('import-errors'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FilaColumnaError', '4InicioFecha inválida']);
    expect(within(preview).getByTestId('import-unmatched').textContent).toContain('Terminaciones');
    // A sheet with errors is not imported.
    expect(screen.queryByTestId('import-run')).toBeNull();
  });

  it('imports a clean sheet, sums it up and refreshes the project’s program', async () => {
    const { api, invalidate } = render(
      MANAGER,
      program(programPreview({ error_count: 0, errors: [], valid_count: 3, unmatched_work_packages: [] })),
    );
    await uploadAndMap();
    await userEvent.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-preview');
    expect(screen.queryByTestId('import-unmatched')).toBeNull();
    expect(screen.getByTestId('import-preview-sample').textContent).toContain('01-04-2025');
    await userEvent.click(screen.getByTestId('import-run'));
    const summary = await screen.findByTestId('import-summary');
    expect(summary.textContent).toContain('Se creó 1 recepción.');
    expect(summary.textContent).toContain('Se actualizó 1 recepción.');
    expect(calls(api, '/programa/importar')[0]).toMatchObject({
      method: 'POST',
      body: { project_id: 3, path: '1/2026/12/p.xlsx', mapping: programSheet().suggested_mapping },
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: verificationKeys.work(3) }));
    await userEvent.click(screen.getByTestId('import-close'));
    await waitFor(() => expect(screen.queryByTestId('import-wizard')).toBeNull());
  });
});
