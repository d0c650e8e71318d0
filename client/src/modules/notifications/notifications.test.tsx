import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import type { NotificationItem, NotificationPreference } from '#domain/schemas/notifications';
import { mockFetch, type RecordedCall } from '../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../api/session/auth-user.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { dispatchLiveEvent } from '../../realtime/live-sync-registry.ts';
import { ConfiguracionPage, NotificationBell, RecibidasPage } from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

const item = (id: number, read: boolean, title = `Solicitud PLD-00${id} asignada`): NotificationItem => ({
  id,
  type: 'ticket.assigned',
  title,
  body: 'Carolina Fuentes Ortiz le asignó la solicitud',
  link: `/warranties/solicitud/${id}`,
  read,
  read_at: read ? '2026-03-10T12:00:00Z' : null,
  created_at: '2026-03-10T11:00:00Z',
});

function serve(state: { items: NotificationItem[]; prefs?: NotificationPreference[] }) {
  return mockFetch((call: RecordedCall) => {
    const url = new URL(call.url);
    const path = url.pathname.replace('/api/v2/public/api/', '');
    if (path === 'notificaciones/resumen')
      return { body: { data: { unread: state.items.filter((i) => !i.read).length } } };
    if (path === 'notificaciones/leer-todas') {
      state.items = state.items.map((i) => ({ ...i, read: true }));
      return { body: { data: { updated: 1 } } };
    }
    if (path === 'notificaciones/configuracion') {
      if (call.method === 'PUT')
        return { body: { data: state.prefs, message: 'Preferencias de notificación guardadas' } };
      return { body: { data: state.prefs } };
    }
    const m = /^notificaciones\/(\d+)$/.exec(path);
    if (m && call.method === 'PATCH') {
      state.items = state.items.map((i) =>
        i.id === Number(m[1]) ? { ...i, read: (call.body as { read: boolean }).read } : i,
      );
      return { body: { data: state.items.find((i) => i.id === Number(m[1])) } };
    }
    const estado = url.searchParams.get('estado');
    const data = state.items.filter((i) => (estado === 'leidas' ? i.read : estado === 'no_leidas' ? !i.read : true));
    return { body: { data, current_page: 1, total: data.length, has_more: false, rowsPerPage: 50 } };
  });
}

function render(ui: React.ReactElement, permisos: Record<string, boolean> = { ver_notificaciones: true }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authUserQuery.queryKey, {
    id: 3,
    grupo: { permisos },
    proyectos: [],
  } as unknown as AuthUser);
  return renderWithProviders(ui, { queryClient, route: '/config/notificaciones/recibidas' });
}

afterEach(() => vi.unstubAllGlobals());

describe('notification bell (docs/product.md#notifications)', () => {
  it('shows the unread count, lists the latest, marks all read; a live event refreshes the count', async () => {
    const state = { items: [item(1, false), item(2, false), item(3, true)] };
    serve(state);
    const { queryClient } = render(<NotificationBell />);
    expect((await screen.findByTestId('notification-count')).textContent).toBe('2');
    await userEvent.click(screen.getByTestId('notification-bell'));
    const popover = await screen.findByTestId('notification-popover');
    expect(await within(popover).findAllByTestId('notification-row')).toHaveLength(3);
    await userEvent.click(within(popover).getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());

    // Another tab or a new event: the server pushes notification.* and the bell refetches.
    state.items = [item(4, false), ...state.items];
    const event: LiveEvent = {
      id: 99,
      type: 'notification.created',
      companyId: 1,
      projectId: null,
      entity: null,
      userId: 3,
      actorId: null,
      action: null,
      from: null,
      to: null,
      data: {},
      at: '',
    };
    dispatchLiveEvent(event, queryClient);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
  });

  it('is not shown without permission to view notifications (docs/product.md §6)', () => {
    const fetch = serve({ items: [item(1, false)] });
    render(<NotificationBell />, {});
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('/config/notificaciones/recibidas (docs/product.md §2, §9)', () => {
  it('filters by read state and toggles read / unread', async () => {
    const state = { items: [item(1, false, 'Primera'), item(2, true, 'Segunda')] };
    const fetch = serve(state);
    render(<RecibidasPage />);
    expect(await screen.findByText('Notificaciones recibidas')).toBeTruthy();
    expect(screen.getByText('Se muestran las notificaciones de los últimos 15 días')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(2));
    await userEvent.click(screen.getByText('No leídas'));
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(1));
    expect(fetch.calls.some((c) => c.url.includes('estado=no_leidas'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como leída' }));
    expect(fetch.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: expect.stringContaining('notificaciones/1'),
      body: { read: true },
    });
    await waitFor(() => expect(screen.getByTestId('notification-empty')).toBeTruthy());
  });
});

describe('/config/notificaciones/configuracion (docs/product.md §2, §5)', () => {
  const prefs: NotificationPreference[] = [
    {
      type: 'ticket.assigned',
      label: 'Solicitud asignada a mí',
      group: 'Solicitudes',
      in_app: true,
      email: true,
      email_available: true,
    },
    {
      type: 'order.scheduled',
      label: 'Orden agendada (OI/OT)',
      group: 'Órdenes de inspección y de trabajo',
      in_app: true,
      email: false,
      email_available: true,
    },
  ];

  it('sends only the changed events with their channels', async () => {
    const fetch = serve({ items: [], prefs });
    render(<ConfiguracionPage />);
    const row = await screen.findByTestId('pref-order.scheduled');
    expect(screen.getByRole('heading', { name: 'Solicitudes' })).toBeTruthy();
    const save = screen.getByTestId('save-preferences') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.click(within(row).getByLabelText('Orden agendada (OI/OT): Correo electrónico'));
    await waitFor(() => expect(save.disabled).toBe(false));
    await userEvent.click(save);
    await waitFor(() => expect(fetch.calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(fetch.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      preferences: [{ type: 'order.scheduled', in_app: true, email: true }],
    });
  });

  it('offers no e-mail channel to a user without a reachable address', async () => {
    serve({ items: [], prefs: prefs.map((p) => ({ ...p, email: false, email_available: false })) });
    render(<ConfiguracionPage />);
    const row = await screen.findByTestId('pref-ticket.assigned');
    expect(screen.getByTestId('email-unavailable').textContent).toContain('correo electrónico verificado');
    expect(
      (within(row).getByLabelText('Solicitud asignada a mí: Correo electrónico') as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
