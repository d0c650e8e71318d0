import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CboxLink, CboxShare } from '#domain/cbox-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { seriousAxeViolations } from '../../../test/axe.ts';
import { link, share } from '../test/panels-fixtures.ts';
import { ShareDialog } from './share-dialog.tsx';
import type { ShareTarget } from './share-target.ts';

vi.setConfig({ testTimeout: 30_000 });

const inherited = share(1, {
  subject: { kind: 'profile', id: 2, name: 'Supervisores' },
  levels: ['can-download', 'can-edit'],
  inherited_from: { id: 4, name: 'Obras 2026' },
});
const direct = share(2, { levels: ['can-download'] });
const URL_ONCE = 'https://app.example.cl/cbox/enlace/tok_una-sola-vez';

function render(target: Partial<ShareTarget> = {}, links: CboxLink[] = []) {
  const api = mockFetch((call: RecordedCall) => {
    const path = new URL(call.url).pathname;
    if (call.method === 'GET' && path.endsWith('/compartir')) return { body: { data: [inherited, direct] } };
    if (call.method === 'GET' && path.endsWith('/destinatarios'))
      return {
        body: {
          data: {
            users: [
              { id: 7, name: 'Rodrigo Soto' },
              { id: 8, name: 'Ana Pérez' },
            ],
            profiles: [{ id: 3, name: 'Inspectores' }],
          },
        },
      };
    if (call.method === 'POST' && path.endsWith('/compartir')) {
      const body = call.body as { subject_kind: 'user'; subject_id: number; levels: CboxShare['levels'] };
      return {
        status: 201,
        body: {
          data: share(9, {
            subject: { kind: body.subject_kind, id: body.subject_id, name: 'Ana Pérez' },
            levels: body.levels,
          }),
        },
      };
    }
    if (call.method === 'PATCH')
      return { body: { data: { ...direct, levels: (call.body as { levels: string[] }).levels } } };
    if (call.method === 'DELETE') return { body: { data: { id: Number(path.split('/').pop()) } } };
    if (call.method === 'GET' && path.endsWith('/enlaces')) return { body: { data: links } };
    if (call.method === 'POST' && path.endsWith('/enlaces')) {
      const body = call.body as { label?: string; expires_on: string };
      return { status: 201, body: { data: { ...link(21, { label: body.label ?? null }), url: URL_ONCE } } };
    }
    return { status: 404, body: {} };
  });
  renderWithProviders(
    <ShareDialog
      target={{ kind: 'folder', id: 12, name: 'Planos', levels: ['can-download', 'can-share'], ...target }}
      onClose={() => undefined}
    />,
  );
  return api;
}
const writes = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method !== 'GET');
const checkbox = (testId: string) => within(screen.getByTestId(testId)).getByRole('checkbox') as HTMLInputElement;

describe('ShareDialog: people and profiles (docs/product.md §6 levels)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the item’s shares, inherited ones read-only with where they come from', async () => {
    const api = render();
    const row = await screen.findByTestId('share-1');
    expect(row.textContent).toContain('Supervisores');
    expect(row.textContent).toContain('Heredado de «Obras 2026»');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(api.calls[0].url).toContain('biblioteca/compartir?folder_id=12');
    expect(within(screen.getByTestId('share-2')).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('offers only the levels the caller holds, with can-download always on', async () => {
    render();
    await screen.findByTestId('share-form');
    const download = checkbox('share-level-can-download');
    expect(download.checked).toBe(true);
    expect(download.disabled).toBe(true);
    expect(checkbox('share-level-can-edit').disabled).toBe(true);
    expect(screen.getByTestId('share-level-can-edit').textContent).toContain('Usted no tiene este permiso');
    expect(checkbox('share-level-can-share').disabled).toBe(false);
    expect(screen.getByTestId('share-level-can-share').textContent).toContain('crear enlaces');
  });

  it('posts the chosen subject and levels, and the new share joins the list', async () => {
    const api = render();
    await screen.findByTestId('share-form');
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    // Rodrigo already has a share on the item: he is changed in the list, not offered again.
    const picker = screen.getByTestId('share-subject');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Ana Pérez' })).toBeTruthy());
    expect(within(picker).queryByRole('option', { name: 'Rodrigo Soto' })).toBeNull();
    await userEvent.selectOptions(picker, 'user:8');
    await userEvent.click(checkbox('share-level-can-share'));
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      body: { folder_id: 12, subject_kind: 'user', subject_id: 8, levels: ['can-download', 'can-share'] },
    });
    expect((await screen.findByTestId('share-9')).textContent).toContain('Ana Pérez');
  });

  it('changes a share’s levels and removes one after confirming', async () => {
    const api = render();
    await screen.findByTestId('share-2');
    expect(checkbox('share-2-level-can-edit').disabled).toBe(true);
    await userEvent.click(checkbox('share-2-level-can-share'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ method: 'PATCH', body: { levels: ['can-download', 'can-share'] } });
    expect(writes(api)[0].url).toContain('biblioteca/compartir/2');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar acceso de Rodrigo Soto' }));
    const confirm = await screen.findByTestId('share-remove-confirm');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(writes(api)).toHaveLength(2));
    expect(writes(api)[1]).toMatchObject({ method: 'DELETE' });
    await waitFor(() => expect(screen.queryByTestId('share-2')).toBeNull());
  });

  it('is read-only for a caller without can-share', async () => {
    render({ levels: ['can-download', 'can-edit'] });
    await screen.findByTestId('share-2');
    expect(screen.getByText(/no tiene permiso para compartir/)).toBeTruthy();
    expect(screen.queryByTestId('share-form')).toBeNull();
    expect(checkbox('share-2-level-can-edit').disabled).toBe(true);
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('ShareDialog: links', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each link’s state and opens; revokes an active one after confirming', async () => {
    const api = render({}, [
      link(1, { open_count: 3, has_password: true }),
      link(2, { label: null, expires_at: '2020-01-01T03:00:00.000Z' }),
      link(3, { label: 'Antiguo', revoked_at: '2026-11-21T12:00:00.000Z' }),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Enlaces' }));
    const active = await screen.findByTestId('link-1');
    expect(active.textContent).toContain('Activo');
    expect(active.textContent).toContain('Abierto 3 veces');
    expect(active.textContent).toContain('Con contraseña');
    const expired = screen.getByTestId('link-2');
    expect(expired.textContent).toContain('Enlace sin nombre');
    expect(expired.textContent).toContain('Vencido');
    expect(expired.textContent).toContain('Nunca abierto');
    expect(within(expired).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('link-3').textContent).toContain('Revocado');
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.click(within(active).getByRole('button', { name: 'Revocar el enlace «Para el cliente»' }));
    const confirm = await screen.findByTestId('link-revoke-confirm');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ method: 'DELETE' });
    expect(writes(api)[0].url).toContain('biblioteca/enlaces/1');
  });

  it('creates a link a week ahead by default and shows its address once, with a copy button that says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = render();
    await userEvent.click(await screen.findByRole('tab', { name: 'Enlaces' }));
    await screen.findByText('Este elemento no tiene enlaces');
    const week = new Date();
    week.setDate(week.getDate() + 7);
    const expected = `${week.getFullYear()}-${String(week.getMonth() + 1).padStart(2, '0')}-${String(week.getDate()).padStart(2, '0')}`;
    expect((screen.getByTestId('link-expires') as HTMLInputElement).value).toBe(expected);
    await userEvent.type(screen.getByTestId('link-label'), 'Para el cliente');
    await userEvent.type(screen.getByTestId('link-password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Crear enlace' }));
    expect(await screen.findByText(/Debe tener al menos 6/)).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
    await userEvent.type(screen.getByTestId('link-password'), '456');
    await userEvent.click(screen.getByRole('button', { name: 'Crear enlace' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0].body).toEqual({
      folder_id: 12,
      label: 'Para el cliente',
      expires_on: expected,
      password: '123456',
    });
    const shown = await screen.findByTestId('link-created');
    expect(within(shown).getByTestId('link-created-url').textContent).toBe(URL_ONCE);
    await userEvent.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(URL_ONCE);
    await waitFor(() => expect(within(shown).getAllByText('Dirección copiada').length).toBeGreaterThan(0));
    await userEvent.click(within(shown).getByRole('button', { name: 'Listo, la copié' }));
    await waitFor(() => expect(screen.queryByTestId('link-created')).toBeNull());
    // The list shows the new link, never its address again.
    expect((await screen.findByTestId('link-21')).textContent).toContain('Para el cliente');
    expect(document.body.textContent).not.toContain(URL_ONCE);
  });
});
