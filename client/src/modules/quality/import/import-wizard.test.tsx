import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportSheet, QualityAttribute } from '#domain/quality-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { qualityKeys } from '../api/keys.ts';
import { ImportWizard } from './import-wizard.tsx';

// The bytes' transfer is the uploader's own business (widgets/upload/file-uploader.test.tsx): here it just succeeds.
vi.mock('../../../widgets/upload/transfer.ts', async (original) => ({
  ...(await original<typeof import('../../../widgets/upload/transfer.ts')>()),
  putFile: vi.fn(async () => undefined),
}));

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const tower: QualityAttribute = {
  id: 4,
  name: 'Torre',
  position: 0,
  values: [{ id: 1, name: 'Torre A', activity_count: 0 }],
};
const sheet: ImportSheet = {
  columns: ['Código', 'Descripción', 'Bloque', 'Fin'],
  sample: [
    ['1', 'Obra gruesa', 'Torre A', '30-06-2026'],
    ['1.1', 'Excavación', 'Torre B', '15-03-2026'],
  ],
  row_count: 2,
  suggested_mapping: { Código: 'index', Descripción: 'description', Fin: 'estimated_end' },
};
const clean: ImportPreview = {
  row_count: 2,
  valid_count: 2,
  error_count: 0,
  errors: [],
  new_values: { '4': ['Torre B'] },
  sample: [
    {
      code: '1',
      description: 'Obra gruesa',
      level: 0,
      estimated_start: null,
      estimated_end: '2026-06-30',
      progress: 0,
    },
    {
      code: '1.1',
      description: 'Excavación',
      level: 1,
      estimated_start: null,
      estimated_end: '2026-03-15',
      progress: 0,
    },
  ],
};
const withErrors: ImportPreview = {
  ...clean,
  valid_count: 1,
  error_count: 2,
  errors: [
    { row: 3, column: 'Fin', message: 'El fin (15-03-2026) es anterior al inicio (01-04-2026)' },
    { row: 3, column: 'Código', message: 'El código «1.1» ya existe en el proyecto' },
  ],
  sample: clean.sample.slice(0, 1),
};

function render(preview: ImportPreview) {
  const api = mockFetch((call: RecordedCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/files/upload-url'))
      return {
        body: {
          data: { url: 'http://localhost/storage/o/1/p.csv?s=x', path: '1/2026/12/p.csv', contentType: 'text/csv' },
        },
      };
    if (path.endsWith('/files/confirm'))
      return { body: { data: { id: 1, path: '1/2026/12/p.csv', name: 'programa.csv', type: 'text/csv', url: '/f' } } };
    if (path.endsWith('/calidad/atributos')) return { body: { data: [tower] } };
    if (path.endsWith('/importaciones/hoja')) return { body: { data: sheet } };
    if (path.endsWith('/importaciones/vista-previa')) return { body: { data: preview } };
    if (path.endsWith('/calidad/importaciones'))
      return { status: 201, body: { data: { created: 2, values_created: 1 } } };
    return { status: 404, body: { message: 'No encontrado' } };
  });
  const queryClient = clientWithUser(['modulo_calidad', 'calidad_editar']);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  renderWithProviders(<ImportWizard projectId={3} open onClose={onClose} />, { queryClient });
  return { api, invalidate, onClose };
}
const calls = (api: ReturnType<typeof mockFetch>, end: string) =>
  api.calls.filter((c) => new URL(c.url, 'http://x').pathname.endsWith(end));
const target = (i: number) => screen.getByTestId(`import-target-${i}`) as HTMLSelectElement;

async function uploadAndMap() {
  expect(
    within(screen.getByTestId('import-steps')).getByText('Archivo').closest('li')?.getAttribute('aria-current'),
  ).toBe('step');
  const file = new File(['Código;Descripción;Bloque;Fin\r\n1;Obra gruesa;Torre A;30-06-2026'], 'programa.csv', {
    type: 'text/csv',
  });
  fireEvent.change(screen.getByTestId('uploader-input'), { target: { files: [file] } });
  await screen.findByTestId('import-mapping');
}

describe('ImportWizard (docs/product.md §2: value-import wizard in 3 steps)', () => {
  it('reads the uploaded sheet and prefills the mapping, with the sheet’s first rows visible', async () => {
    const { api } = render(clean);
    await uploadAndMap();
    expect(calls(api, '/importaciones/hoja')[0].body).toEqual({ project_id: 3, path: '1/2026/12/p.csv' });
    expect([0, 1, 2, 3].map((i) => target(i).value)).toEqual(['index', 'description', '', 'estimated_end']);
    const options = [...target(2).options].map((o) => o.text);
    expect(options).toContain('No importar');
    expect(options).toContain('Atributo: Torre');
    expect(options).toContain('Código padre');
    // A target another column holds is not offered twice.
    expect(options).not.toContain('Descripción');
    expect(screen.getByTestId('import-sheet-sample').textContent).toContain('Excavación');
    expect(screen.getByTestId('import-mapping').textContent).toContain('La planilla tiene 2 filas.');
  });

  it('shows every row error and no Import button; going back keeps the choices', async () => {
    const { api } = render(withErrors);
    await uploadAndMap();
    await userEvent.selectOptions(target(2), 'attribute:4');
    await userEvent.click(screen.getByTestId('import-next'));
    const errors = await screen.findByTestId('import-errors');
    expect(calls(api, '/importaciones/vista-previa')[0].body).toEqual({
      project_id: 3,
      path: '1/2026/12/p.csv',
      mapping: { Código: 'index', Descripción: 'description', Fin: 'estimated_end', Bloque: 'attribute:4' },
    });
    const rows = within(errors)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'FilaColumnaError',
      '3FinEl fin (15-03-2026) es anterior al inicio (01-04-2026)',
      '3CódigoEl código «1.1» ya existe en el proyecto',
    ]);
    expect(screen.getByTestId('import-counts').textContent).toBe('2 filas1 fila correcta1 fila con errores');
    expect(screen.queryByTestId('import-run')).toBeNull();
    await userEvent.click(screen.getByTestId('import-back'));
    expect(target(2).value).toBe('attribute:4');
    await userEvent.click(screen.getByTestId('import-back'));
    expect(screen.getByTestId('import-upload')).toBeTruthy();
    await userEvent.click(screen.getByTestId('import-next'));
    expect(target(2).value).toBe('attribute:4');
  });

  it('imports a clean sheet, lists the values to create, then sums up and refreshes the activities', async () => {
    const { api, invalidate } = render(clean);
    await uploadAndMap();
    await userEvent.click(screen.getByTestId('import-next'));
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByTestId('import-new-values').textContent).toBe(
      'Valores nuevos que se crearánTorre:Torre B',
    );
    expect(within(preview).getByTestId('import-preview-sample').textContent).toContain('30-06-2026');
    await userEvent.click(screen.getByTestId('import-run'));
    const summary = await screen.findByTestId('import-summary');
    expect(summary.textContent).toContain('Se crearon 2 actividades.');
    expect(summary.textContent).toContain('Se creó 1 valor de atributo.');
    expect(calls(api, '/calidad/importaciones')[0].method).toBe('POST');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: qualityKeys.activities(3) }));
  });
});
