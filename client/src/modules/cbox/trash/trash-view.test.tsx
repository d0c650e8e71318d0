import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CboxTrashItem } from '#domain/cbox-responses';
import { mockLibrary, pageOf, renderExplorer, routeOf, summary } from '../test/fixtures.tsx';
import { ExplorerPage } from '../explorer/explorer-page.tsx';
import { daysLeft } from './trash-view.tsx';

vi.setConfig({ testTimeout: 30_000 });

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY - 60_000).toISOString();
const trashed = (kind: 'folder' | 'file', id: number, name: string, left: number): CboxTrashItem => ({
  kind,
  id,
  name,
  trail: [{ id: 3, name: 'Proyectos' }],
  size: 100,
  deleted_by: { id: 1, name: 'Carolina Fuentes' },
  deleted_at: '2026-11-20T10:00:00.000Z',
  purge_at: inDays(left),
});

function trash() {
  return mockLibrary({
    'biblioteca/resumen': () => ({ body: summary() }),
    'GET biblioteca/papelera': () => ({
      body: pageOf([trashed('folder', 4, 'Viejos', 12), trashed('file', 9, 'Borrador.docx', 1)]),
    }),
    'POST biblioteca/papelera/restaurar': () => ({ body: { data: { restored: 1 } } }),
    'POST biblioteca/papelera/vaciar': () => ({ body: { data: { purged: 2 } } }),
  });
}

describe('Cbox trash (?vista=papelera)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists what was deleted, where it was and the days it has left, and restores an item', async () => {
    const api = trash();
    renderExplorer(<ExplorerPage />, '/cbox/folders?vista=papelera');
    const row = await screen.findByTestId('cbox-trash-file-9');
    expect(row.textContent).toContain('Biblioteca / Proyectos');
    expect(row.textContent).toContain('Carolina Fuentes');
    expect(row.textContent).toContain('1 día');
    expect(screen.getByTestId('cbox-trash-folder-4').textContent).toContain('12 días');
    await userEvent.click(within(row).getByTestId('cbox-trash-restore-file-9'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(routeOf(post).path).toBe('biblioteca/papelera/restaurar');
    expect(post.body).toEqual({ folder_ids: [], file_ids: [9] });
    // The trash refetches after the restore.
    await waitFor(() => expect(api.calls.filter((c) => routeOf(c).path === 'biblioteca/papelera')).toHaveLength(2));
  });

  it('deletes the selected items for good only after a confirmation', async () => {
    const api = trash();
    renderExplorer(<ExplorerPage />, '/cbox/folders?vista=papelera');
    await screen.findByTestId('cbox-trash-table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todo en esta página' }));
    const bar = screen.getByTestId('cbox-trash-bulk');
    await userEvent.click(within(bar).getByRole('button', { name: 'Eliminar para siempre' }));
    const confirm = await screen.findByTestId('cbox-purge-confirm');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(routeOf(post).path).toBe('biblioteca/papelera/vaciar');
    expect(post.body).toEqual({ folder_ids: [4], file_ids: [9] });
  });

  it('counts whole days left, never below zero', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    expect(daysLeft('2026-11-26T11:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2026-12-25T12:00:00.000Z', now)).toBe(30);
    expect(daysLeft('2026-11-24T12:00:00.000Z', now)).toBe(0);
  });
});
