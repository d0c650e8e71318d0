import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CboxFileItem } from '#domain/cbox-responses';
import { CBOX_GRID_MODE_KEY } from '#domain/cbox';
import type { RecordedCall } from '../../../api/mock-fetch.ts';
import { fileItem, folderItem, mockLibrary, pageOf, renderExplorer, routeOf, summary } from '../test/fixtures.tsx';
import { ExplorerPage } from './explorer-page.tsx';

// The preview is its own sub-feature (../preview): here only its contract with the explorer is checked.
vi.mock('../preview/index.ts', () => ({
  CboxPreviewDialog: (p: { fileId: number; siblings: CboxFileItem[]; onNavigate: (id: number) => void }) => (
    <div data-testid="preview" data-siblings={p.siblings.map((f) => f.id).join(',')}>
      {p.fileId}
      <button type="button" onClick={() => p.onNavigate(21)}>
        next
      </button>
    </div>
  ),
}));

vi.setConfig({ testTimeout: 30_000 });

const obras = folderItem(7, 'Obras');
const planos = folderItem(8, 'Planos');
const acta = fileItem(20, 'Acta.pdf');
const memoria = fileItem(21, 'Memoria.pdf');

function library(items = [planos, acta, memoria]) {
  return mockLibrary({
    'biblioteca/resumen': () => ({ body: summary() }),
    'biblioteca/carpetas/7': () => ({ body: { data: { folder: obras, trail: [{ id: 3, name: 'Proyectos' }] } } }),
    'biblioteca/carpetas/:id': (call) => {
      const id = Number(routeOf(call).path.split('/').pop());
      return { body: { data: { folder: folderItem(id, `Carpeta ${id}`), trail: [] } } };
    },
    'GET biblioteca/contenido': (call) =>
      routeOf(call).query.get('type') === 'folder'
        ? { body: pageOf([folderItem(30, 'Archivo muerto')]) }
        : { body: pageOf(items) },
    'POST biblioteca/eliminar': () => ({ body: { data: { deleted: 3 } } }),
    'POST biblioteca/mover': () => ({ body: { data: { moved: 2 } } }),
    'GET biblioteca/buscar': () => ({
      body: pageOf([
        {
          item: { ...acta, folder_id: 7 },
          trail: [
            { id: 3, name: 'Proyectos' },
            { id: 7, name: 'Obras' },
          ],
        },
      ]),
    }),
  });
}

const listingCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && routeOf(c).path === 'biblioteca/contenido').map((c) => routeOf(c).query);

describe('Cbox explorer (docs/product.md §2 /cbox/folders)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the folder’s folders then its files, under its trail from "Biblioteca"', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    const table = await screen.findByTestId('cbox-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'cbox-item-folder-8',
      'cbox-item-file-20',
      'cbox-item-file-21',
    ]);
    const crumbs = screen.getByTestId('cbox-breadcrumbs');
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Biblioteca', 'Proyectos', 'Obras']);
    expect(within(crumbs).getByRole('link', { name: 'Proyectos' }).getAttribute('href')).toBe('/cbox/folders/3');
    expect(listingCalls(api.calls)[0].get('folder_id')).toBe('7');
  });

  it('opens a folder on click and a file’s preview at /cbox/folders/{folderId}/{fileId}', async () => {
    library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Acta.pdf' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cbox/folders/7/20'));
    await userEvent.click(screen.getByRole('button', { name: 'Planos' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cbox/folders/8'));
  });

  it('opens the preview named by the URL, with the page’s files as its siblings', async () => {
    library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7/20');
    const preview = await screen.findByTestId('preview');
    expect(preview.textContent).toContain('20');
    expect(preview.getAttribute('data-siblings')).toBe('20,21');
    await userEvent.click(within(preview).getByRole('button', { name: 'next' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cbox/folders/7/21'));
  });

  it('keeps the table/grid choice in the browser under grid_mode', async () => {
    library();
    const first = renderExplorer(<ExplorerPage />, '/cbox/folders');
    await screen.findByTestId('cbox-table');
    await userEvent.click(screen.getByTestId('cbox-view-grid'));
    expect(await screen.findByTestId('cbox-grid')).toBeTruthy();
    expect(localStorage.getItem(CBOX_GRID_MODE_KEY)).toBe('true');
    first.unmount();
    renderExplorer(<ExplorerPage />, '/cbox/folders');
    expect(await screen.findByTestId('cbox-grid')).toBeTruthy();
    expect(screen.queryByTestId('cbox-table')).toBeNull();
  });

  it('asks the listing again with the chosen type, sort and order', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders');
    await screen.findByTestId('cbox-table');
    expect(listingCalls(api.calls)[0].get('folder_id')).toBeNull();
    await userEvent.selectOptions(screen.getByTestId('cbox-type-filter'), 'image');
    await waitFor(() => expect(listingCalls(api.calls).at(-1)?.get('type')).toBe('image'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'size');
    await waitFor(() => expect(listingCalls(api.calls).at(-1)?.get('sort')).toBe('size'));
    await userEvent.click(screen.getByRole('button', { name: 'Orden descendente' }));
    await waitFor(() => expect(listingCalls(api.calls).at(-1)?.get('order')).toBe('desc'));
    await userEvent.click(screen.getByTestId('cbox-date-filter'));
    fireEvent.change(await screen.findByTestId('cbox-date-from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(listingCalls(api.calls).at(-1)?.get('from')).toBe('2026-11-01'));
    expect(listingCalls(api.calls).at(-1)?.get('type')).toBe('image');
  });

  it('searches the whole library and shows where each hit is', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await screen.findByTestId('cbox-table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar en la biblioteca' }), 'acta{Enter}');
    expect((await screen.findByTestId('cbox-trail-file-20')).textContent).toBe('Biblioteca / Proyectos / Obras');
    const search = api.calls.find((c) => routeOf(c).path === 'biblioteca/buscar')!;
    expect(routeOf(search).query.get('q')).toBe('acta');
  });

  it('selects a range with shift-click and sends the selection to the trash after a confirmation', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cbox-select-folder-8'));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByTestId('cbox-select-file-21'));
    await user.keyboard('{/Shift}');
    const bar = screen.getByTestId('cbox-bulk-bar');
    expect(bar.textContent).toContain('3 seleccionados');
    expect(within(bar).getByTestId('cbox-bulk-zip').getAttribute('href')).toContain(
      '/api/v2/public/api/biblioteca/zip?folder_ids=8&file_ids=20%2C21',
    );
    await userEvent.click(within(bar).getByTestId('cbox-bulk-delete'));
    const confirm = await screen.findByTestId('cbox-delete-confirm');
    expect(confirm.textContent).toContain('30 días');
    await userEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(routeOf(post).path).toBe('biblioteca/eliminar');
    expect(post.body).toEqual({ folder_ids: [8], file_ids: [20, 21] });
  });

  it('moves the selection into a folder picked in the folder dialog', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await userEvent.click(await screen.findByTestId('cbox-select-all'));
    await userEvent.click(screen.getByTestId('cbox-bulk-move'));
    const dialog = await screen.findByTestId('cbox-move-dialog');
    await userEvent.click(await within(dialog).findByTestId('cbox-move-folder-30'));
    await userEvent.click(within(dialog).getByTestId('cbox-move-here'));
    await waitFor(() => expect(api.calls.some((c) => routeOf(c).path === 'biblioteca/mover')).toBe(true));
    const post = api.calls.find((c) => routeOf(c).path === 'biblioteca/mover')!;
    expect(post.body).toEqual({ folder_ids: [8], file_ids: [20, 21], target_id: 30 });
    // The picker walks folders only.
    expect(listingCalls(api.calls).some((q) => q.get('type') === 'folder' && q.get('folder_id') === null)).toBe(true);
  });

  it('moves items dragged onto a folder row', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    const file = await screen.findByTestId('cbox-item-file-20');
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return [...store.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(file, { dataTransfer });
    const folder = screen.getByTestId('cbox-item-folder-8');
    fireEvent.dragOver(folder, { dataTransfer });
    fireEvent.drop(folder, { dataTransfer });
    await waitFor(() => expect(api.calls.some((c) => routeOf(c).path === 'biblioteca/mover')).toBe(true));
    expect(api.calls.find((c) => routeOf(c).path === 'biblioteca/mover')!.body).toEqual({
      folder_ids: [],
      file_ids: [20],
      target_id: 8,
    });
  });

  it('offers rename, move, delete and share only with the levels they need', async () => {
    library([folderItem(8, 'Planos', ['can-download']), fileItem(20, 'Acta.pdf', ['can-download'])]);
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await userEvent.click(await screen.findByTestId('cbox-actions-file-20'));
    const download = await screen.findByTestId('cbox-action-download');
    expect(download.getAttribute('href')).toContain('/api/v2/public/api/biblioteca/archivos/20/descarga');
    expect(screen.getByTestId('cbox-action-details')).toBeTruthy();
    for (const action of ['rename', 'move', 'delete', 'share'])
      expect(screen.queryByTestId(`cbox-action-${action}`)).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('cbox-select-file-20'));
    expect(screen.getByTestId('cbox-bulk-move').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cbox-bulk-delete').hasAttribute('disabled')).toBe(true);
  });

  it('renames a file keeping its extension', async () => {
    const api = library();
    api.fn.mockClear();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('cbox-actions-file-20'));
    // Chosen with the keyboard (jsdom has no pointer geometry for the menu): open, then rename.
    await screen.findByRole('menuitem', { name: 'Cambiar nombre' });
    for (let i = 0; i < 2; i++) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    const input = await screen.findByTestId('cbox-name-input');
    expect((input as HTMLInputElement).value).toBe('Acta');
    await userEvent.clear(input);
    await userEvent.type(input, 'Acta final');
    await userEvent.click(screen.getByTestId('cbox-name-submit'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(routeOf(patch).path).toBe('biblioteca/archivos/20');
    expect(patch.body).toEqual({ name: 'Acta final.pdf' });
  });

  it('creates a folder inside the open one', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await userEvent.click(await screen.findByTestId('cbox-new-folder'));
    await userEvent.type(await screen.findByTestId('cbox-name-input'), 'Permisos');
    await userEvent.click(screen.getByTestId('cbox-name-submit'));
    await waitFor(() => expect(api.calls.some((c) => routeOf(c).path === 'biblioteca/carpetas')).toBe(true));
    expect(api.calls.find((c) => routeOf(c).path === 'biblioteca/carpetas')!.body).toEqual({
      name: 'Permisos',
      parent_id: 7,
    });
  });

  it('refuses a folder name with a slash before sending it', async () => {
    const api = library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    await userEvent.click(await screen.findByTestId('cbox-new-folder'));
    await userEvent.type(await screen.findByTestId('cbox-name-input'), 'a/b');
    await userEvent.click(screen.getByTestId('cbox-name-submit'));
    expect(await screen.findByText('El nombre no puede contener / ni \\')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when a folder is empty', async () => {
    library([]);
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    expect((await screen.findByTestId('cbox-empty')).textContent).toContain('Esta carpeta está vacía');
  });

  it('deletes the focused row with the Delete key, after a confirmation', async () => {
    library();
    renderExplorer(<ExplorerPage />, '/cbox/folders/7');
    const row = await screen.findByTestId('cbox-item-file-21');
    row.focus();
    await userEvent.keyboard('{Delete}');
    expect(await screen.findByTestId('cbox-delete-confirm')).toBeTruthy();
  });
});
