import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBOX_ACTIVITIES, type CboxLevel } from '#domain/cbox';
import type { CboxActivityEntry } from '#domain/cbox-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { seriousAxeViolations } from '../../../test/axe.ts';
import { fileDetail, fileItem, version } from '../test/panels-fixtures.ts';
import { FileDetailsDialog } from './file-details-dialog.tsx';
import { relativeText } from './when.tsx';

vi.setConfig({ testTimeout: 30_000 });

const LABELS: Record<(typeof CBOX_ACTIVITIES)[number], string> = {
  uploaded: 'Subió el archivo',
  version_added: 'Subió una nueva versión',
  version_restored: 'Restauró una versión anterior',
  viewed: 'Vio el archivo',
  downloaded: 'Descargó el archivo',
  renamed: 'Cambió el nombre',
  moved: 'Movió el archivo',
  shared: 'Compartió el archivo',
  unshared: 'Quitó un acceso',
  link_created: 'Creó un enlace',
  link_revoked: 'Revocó un enlace',
  link_opened: 'Abrió el enlace',
  deleted: 'Envió el archivo a la papelera',
  restored: 'Recuperó el archivo de la papelera',
};
const activity: CboxActivityEntry[] = CBOX_ACTIVITIES.map((action, i) => ({
  id: i + 1,
  action,
  actor: action === 'link_opened' ? null : { id: 1, name: 'Carolina Fuentes' },
  via_link: action === 'link_opened',
  detail: {},
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
}));

function render(levels: CboxLevel[] = ['can-download', 'can-edit']) {
  let restored = false;
  const api = mockFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path.endsWith('/actividad')) return { body: { data: activity } };
    if (path.endsWith('/restaurar')) {
      restored = true;
      return { body: { data: fileItem(9, 'plano.pdf', { levels, version: 3 }) } };
    }
    const versions = restored
      ? [version(3, { current: true }), version(2), version(1)]
      : [version(2, { current: true }), version(1)];
    return { body: { data: fileDetail(fileItem(9, 'plano.pdf', { levels, version: versions[0].version }), versions) } };
  });
  renderWithProviders(<FileDetailsDialog fileId={9} onClose={() => undefined} />);
  return api;
}

describe('FileDetailsDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the versions with size, author and the current one; restores an old one', async () => {
    const api = render();
    expect(await screen.findByRole('heading', { name: 'Detalles de «plano.pdf»' })).toBeTruthy();
    const current = await screen.findByTestId('version-2');
    expect(current.textContent).toContain('Versión 2');
    expect(current.textContent).toContain('Actual');
    expect(current.textContent).toContain('Por Carolina Fuentes');
    expect(within(current).queryByRole('button', { name: /Restaurar/ })).toBeNull();
    expect(within(current).getByRole('button', { name: 'Descargar la versión 2' })).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);
    const old = screen.getByTestId('version-1');
    expect(old.textContent).not.toContain('Actual');
    await userEvent.click(within(old).getByRole('button', { name: 'Restaurar la versión 1' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.url).toContain('biblioteca/archivos/9/versiones/101/restaurar');
    // The versions are read again: the restored copy is now the current one.
    expect(await screen.findByTestId('version-3')).toBeTruthy();
  });

  it('offers no restore without can-edit', async () => {
    render(['can-download']);
    await screen.findByTestId('version-1');
    expect(screen.queryByRole('button', { name: /Restaurar/ })).toBeNull();
  });

  it('names every kind of activity, who did it or the shared link, and when', async () => {
    render();
    await userEvent.click(await screen.findByRole('tab', { name: 'Actividad' }));
    await screen.findByTestId('activity-1');
    for (const [i, action] of CBOX_ACTIVITIES.entries()) {
      const row = screen.getByTestId(`activity-${i + 1}`);
      expect(row.textContent).toContain(LABELS[action]);
      expect(row.textContent).toContain(action === 'link_opened' ? 'Enlace compartido' : 'Carolina Fuentes');
      expect(row.textContent).toContain('hace 5 minutos');
    }
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('relativeText', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  it('says how long ago in the UI language, in the largest unit that fits', () => {
    expect(relativeText('2026-11-25T11:58:00.000Z', 'es', now)).toBe('hace 2 minutos');
    expect(relativeText('2026-11-24T12:00:00.000Z', 'es', now)).toBe('ayer');
    expect(relativeText('2026-11-11T12:00:00.000Z', 'pt-BR', now)).toBe('há 2 semanas');
  });
});
