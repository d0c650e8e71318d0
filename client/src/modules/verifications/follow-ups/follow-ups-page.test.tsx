import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { followUpRow, mockVerificationsApi } from '../test/fixtures.ts';
import { FollowUpsPage } from './follow-ups-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
/** Cards under md: every min-width query matches (a desktop), or none (a phone). */
const screenWidth = (wide: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

beforeEach(() => session.reset());
afterEach(() => vi.unstubAllGlobals());

const open = followUpRow({ overdue: true });
const closed = followUpRow({
  id: 62,
  state: 'cerrado',
  closed_on: '2025-04-09',
  closing_note: 'Estribos repuestos',
  closed_by: { id: 5, name: 'Valentina Muñoz' },
  allowed_events: [],
});

function render() {
  const api = mockVerificationsApi({ seguimientos: [open] }, () => ({ body: { data: { ...open, state: 'cerrado' } } }));
  renderWithProviders(<FollowUpsPage />, {
    route: '/verifications/seguimientos',
    queryClient: clientWithUser(['modulo_verificaciones', 'verificaciones_inspeccionar']),
  });
  return api;
}

describe('/verifications/seguimientos', () => {
  it('lists the open follow-ups first, filters by state, and links each to its reception', async () => {
    screenWidth(false);
    const api = render();
    const card = await screen.findByTestId('follow-up-card');
    expect(within(card).getByRole('link', { name: 'R-001 · Losa piso 3' }).getAttribute('href')).toBe(
      '/verifications/recepcion/21',
    );
    expect(within(card).getByTestId('follow-up-due').textContent).toContain('10-04-2025');
    expect(within(card).getByTestId('follow-up-state').textContent).toBe('Vencido');
    const first = new URL(api.calls.find((c) => c.url.includes('/seguimientos'))!.url);
    expect([first.searchParams.get('project_id'), first.searchParams.get('state')]).toEqual(['3', 'abierto']);

    api.fn.mockClear();
    mockVerificationsApi({ seguimientos: [closed] });
    await userEvent.click(screen.getByTestId('follow-ups-filter-cerrado'));
    expect(await screen.findByText('Estribos repuestos')).toBeTruthy();
    expect(screen.getByTestId('follow-ups-filter-cerrado').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('follow-up-closing').textContent).toContain('Valentina Muñoz');
    expect(screen.queryByTestId('follow-up-close')).toBeNull();
  });

  it('on a wide screen is a table; closes one with a note', async () => {
    screenWidth(true);
    const api = render();
    expect(await screen.findByTestId('follow-ups-table')).toBeTruthy();
    await userEvent.click(await screen.findByTestId('follow-up-close'));
    const dialog = await screen.findByTestId('close-follow-up-dialog');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('close-follow-up-note'), 'Estribos repuestos');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('close-follow-up-dialog')).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/verificaciones/seguimientos/61/cerrar');
    expect(post.body).toEqual({ note: 'Estribos repuestos', photo_paths: [] });
  });
});
