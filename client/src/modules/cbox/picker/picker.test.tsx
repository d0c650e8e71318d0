import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CboxFileItem, CboxFolderItem } from '#domain/cbox-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { seriousAxeViolations } from '../../../test/axe.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CboxFilePickerDialog } from './cbox-file-picker-dialog.tsx';
import { SaveToCboxDialog } from './save-to-cbox-dialog.tsx';
import { CboxAttachmentSources } from './cbox-attachment-sources.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const base = {
  shared_with_me: false,
  created_by: { id: 1, name: 'Admin' },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const folder = (id: number, name: string, levels: CboxFolderItem['levels'] = ['can-download']): CboxFolderItem => ({
  ...base,
  kind: 'folder',
  id,
  name,
  folder_id: null,
  levels,
  project: null,
  item_count: 2,
});
const file = (id: number, name: string, folderId: number | null, size = 2048): CboxFileItem => {
  const extension = name.split('.').pop()!;
  return {
    ...base,
    kind: 'file',
    id,
    name,
    folder_id: folderId,
    levels: ['can-download'],
    extension,
    category: extension === 'png' ? 'image' : 'document',
    type: extension === 'png' ? 'image/png' : 'application/pdf',
    size,
    version: 1,
    path: `1/2026/01/${id}.${extension}`,
    url: `/api/v2/public/files/1/2026/01/${id}.${extension}`,
    url_thumbnail: null,
  };
};
const page = <T,>(data: T[]) => ({ data, current_page: 1, total: data.length, has_more: false, rowsPerPage: 200 });

const planos = folder(5, 'Planos', ['can-download', 'can-edit']);
const root = [planos, folder(6, 'Contratos'), file(1, 'Fachada.png', null), file(2, 'Memoria.pdf', null)];
const inPlanos = [file(3, 'Planta.pdf', 5), file(4, 'Corte.pdf', 5), file(9, 'Maqueta.pdf', 5, 30 * 1024 * 1024)];

function library(extra?: (call: RecordedCall) => { status?: number; body?: unknown } | undefined) {
  return mockFetch((call) => {
    const custom = extra?.(call);
    if (custom) return custom;
    const url = new URL(call.url);
    if (url.pathname.endsWith('/biblioteca/contenido')) {
      const inFolder = url.searchParams.get('folder_id') === '5';
      const items = inFolder ? inPlanos : root;
      const onlyFolders = url.searchParams.get('type') === 'folder';
      return { body: page(onlyFolders ? items.filter((i) => i.kind === 'folder') : items) };
    }
    if (url.pathname.endsWith('/biblioteca/buscar'))
      return { body: page([{ item: inPlanos[1], trail: [{ id: 5, name: 'Planos' }] }]) };
    if (url.pathname.endsWith('/biblioteca/resumen'))
      return {
        body: {
          data: { used_bytes: 0, quota_bytes: 1, file_count: 0, is_admin: false, can_create_root: true },
        },
      };
    const copy = /archivos\/(\d+)\/copia$/.exec(url.pathname);
    if (copy) {
      const id = Number(copy[1]);
      return { status: 201, body: { data: { id: 500 + id, name: `copia-${id}`, path: `1/2026/11/c${id}.pdf` } } };
    }
    return { status: 404, body: { message: 'No encontrado' } };
  });
}

const fileRow = (name: string) =>
  screen.getAllByTestId('cbox-picker-file').find((row) => row.textContent?.includes(name))!;
const checkbox = (name: string) => within(fileRow(name)).getByRole('checkbox') as HTMLInputElement;

describe('CboxFilePickerDialog (docs/product.md §1: pick a file from Cbox)', () => {
  it('browses folders with breadcrumbs and keeps to what the uploader accepts', async () => {
    library();
    const user = userEvent.setup();
    renderWithProviders(
      <CboxFilePickerDialog request={{ accept: ['pdf'], maxFiles: 5, maxBytes: 512 * 1024 * 1024 }} onDone={vi.fn()} />,
    );
    await screen.findByText('Memoria.pdf');
    expect(checkbox('Fachada.png').disabled).toBe(true);
    expect(fileRow('Fachada.png').textContent).toContain('Aquí solo se aceptan: .pdf');
    expect(checkbox('Memoria.pdf').disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Planos' }));
    await screen.findByText('Planta.pdf');
    const trail = screen.getByRole('navigation', { name: 'Ubicación en Cbox' });
    expect(within(trail).getByText('Planos')).toBeTruthy();
    // Attachments take at most 20 MB, whatever the uploader allows.
    expect(checkbox('Maqueta.pdf').disabled).toBe(true);
    expect(fileRow('Maqueta.pdf').textContent).toContain('Supera el máximo de 20 MB');
    await user.click(within(trail).getByRole('button', { name: 'Cbox' }));
    await screen.findByText('Memoria.pdf');
    expect(await seriousAxeViolations(screen.getByTestId('cbox-file-picker'))).toEqual([]);
  });

  it('selects up to maxFiles, then copies each into the uploader’s batch and hands the copies back', async () => {
    const api = library();
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(
      <CboxFilePickerDialog
        request={{ accept: ['pdf', 'png'], maxFiles: 2, maxBytes: 20 * 1024 * 1024, batch: 'ubatch1' }}
        onDone={onDone}
      />,
    );
    await screen.findByText('Memoria.pdf');
    await user.click(checkbox('Memoria.pdf'));
    await user.click(checkbox('Fachada.png'));
    expect(screen.getByTestId('cbox-picker-count').textContent).toBe('Seleccionados: 2 de 2');
    await user.click(screen.getByRole('button', { name: 'Planos' }));
    await screen.findByText('Planta.pdf');
    expect(checkbox('Planta.pdf').disabled).toBe(true);
    expect(fileRow('Planta.pdf').textContent).toContain('Ya eligió el máximo de archivos');

    await user.click(screen.getByTestId('cbox-picker-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const copies = api.calls.filter((c) => c.url.includes('/copia'));
    expect(copies.map((c) => [c.method, new URL(c.url).pathname.split('/biblioteca/')[1], c.body])).toEqual([
      ['POST', 'archivos/2/copia', { batch: 'ubatch1' }],
      ['POST', 'archivos/1/copia', { batch: 'ubatch1' }],
    ]);
    expect(onDone.mock.calls[0][0].map((f: { path: string }) => f.path)).toEqual([
      '1/2026/11/c2.pdf',
      '1/2026/11/c1.pdf',
    ]);
  });

  it('searches the whole library and selects among the hits', async () => {
    const api = library();
    const user = userEvent.setup();
    renderWithProviders(
      <CboxFilePickerDialog request={{ accept: ['pdf'], maxFiles: 1, maxBytes: 1e9 }} onDone={vi.fn()} />,
    );
    await screen.findByText('Memoria.pdf');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar en Cbox' }), 'corte{Enter}');
    await screen.findByText('Corte.pdf');
    expect(api.calls.some((c) => c.url.includes('/biblioteca/buscar') && c.url.includes('q=corte'))).toBe(true);
    await user.click(checkbox('Corte.pdf'));
    expect(screen.getByTestId('cbox-picker-count').textContent).toBe('Seleccionados: 1 de 1');
  });

  it('cancelling answers nothing', async () => {
    library();
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(
      <CboxFilePickerDialog request={{ accept: ['pdf'], maxFiles: 1, maxBytes: 1e9 }} onDone={onDone} />,
    );
    await screen.findByText('Memoria.pdf');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onDone).toHaveBeenCalledWith(undefined);
  });
});

describe('SaveToCboxDialog (docs/product.md §1: save an attachment to Cbox)', () => {
  it('saves into a folder the user may edit (not the root, which is the administrators’)', async () => {
    const api = library((call) =>
      call.url.endsWith('/biblioteca/guardar')
        ? { status: 201, body: { data: { ...file(40, 'Grieta.png', 5), folder_id: 5 } } }
        : undefined,
    );
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<SaveToCboxDialog file={{ path: '1/2026/05/a.png', name: 'Grieta.png' }} onClose={onClose} />);
    await screen.findByRole('button', { name: 'Planos' });
    await waitFor(() => expect(screen.getByTestId('cbox-save-not-here')).toBeTruthy());
    expect((screen.getByTestId('cbox-save-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(await seriousAxeViolations(screen.getByTestId('cbox-save-dialog'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Planos' }));
    await waitFor(() => expect((screen.getByTestId('cbox-save-confirm') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('cbox-save-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = api.calls.find((c) => c.url.endsWith('/biblioteca/guardar'))!;
    expect(saved).toMatchObject({ method: 'POST', body: { path: '1/2026/05/a.png', folder_id: 5 } });
  });

  it('a folder shared without can-edit takes nothing', async () => {
    library();
    const user = userEvent.setup();
    renderWithProviders(<SaveToCboxDialog file={{ path: '1/2026/05/a.png', name: 'Grieta.png' }} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Contratos' }));
    await waitFor(() => expect(screen.getByTestId('cbox-save-not-here')).toBeTruthy());
    expect((screen.getByTestId('cbox-save-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CboxAttachmentSources: the library behind every uploader', () => {
  it('the uploader opens the picker (loaded on first use) and lists the copies it answers', async () => {
    library();
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <CboxAttachmentSources>
        <FileUploader context="general" onChange={onChange} />
      </CboxAttachmentSources>,
    );
    await user.click(screen.getByRole('button', { name: 'Elegir de Cbox' }));
    await user.click(await screen.findByRole('button', { name: 'Planos' }));
    await screen.findByText('Planta.pdf');
    await user.click(checkbox('Planta.pdf'));
    await user.click(screen.getByTestId('cbox-picker-confirm'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0]).toEqual([expect.objectContaining({ path: '1/2026/11/c3.pdf' })]);
    await waitFor(() => expect(screen.queryByTestId('cbox-file-picker')).toBeNull());
    expect(screen.getAllByTestId('upload-item').map((i) => i.getAttribute('data-state'))).toEqual(['uploaded']);
  });
});
