import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '#domain/realtime';
import { renderWithProviders } from '../test/render.tsx';
import { createLiveClient, type LiveClient } from './live-client.ts';
import { dispatchLiveEvent, invalidate, matchesPattern, registerLiveSync } from './live-sync-registry.ts';
import { LiveSyncProvider, useLiveRoom } from './live-sync-provider.tsx';
import { ConnectionBadge } from './connection-badge.tsx';

// A real Socket.IO server on loopback: the client's reconnect, replay id and room logic run for real.
let httpServer: http.Server;
let ioServer: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
const handshakes: { lastEventId?: number; rooms?: string[] }[] = [];
const joins: string[] = [];
const sockets: ServerSocket[] = [];
const clients: LiveClient[] = [];
/** Holds a handshake this long before the server accepts it (a slow authority). */
let acceptDelay = 0;

const ev = (id: number, type = 'ticket.state_changed'): LiveEvent => ({
  id,
  type,
  companyId: 1,
  projectId: 2,
  entity: { type: 'ticket', id: 9 },
  userId: null,
  actorId: 3,
  action: 'ticket.close',
  from: 'abierta',
  to: 'cerrada',
  data: {},
  at: new Date().toISOString(),
});
const opts = { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 100 };

beforeAll(async () => {
  httpServer = http.createServer();
  ioServer = new Server(httpServer);
  ioServer.use((_socket, next) => void setTimeout(next, acceptDelay));
  ioServer.on('connection', (socket) => {
    const auth = socket.handshake.auth as { lastEventId?: number; rooms?: string[] };
    handshakes.push(auth);
    for (const room of auth.rooms ?? []) {
      joins.push(room);
      void socket.join(room);
    }
    sockets.push(socket);
    socket.on('join', (room, ack) => {
      joins.push(room);
      void socket.join(room);
      ack({ ok: true });
    });
    socket.on('leave', (room, ack) => {
      void socket.leave(room);
      ack({ ok: true });
    });
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterEach(() => {
  clients.splice(0).forEach((c) => c.close());
  handshakes.length = 0;
  joins.length = 0;
  sockets.length = 0;
  acceptDelay = 0;
});
afterAll(async () => {
  await ioServer.close();
});

function client(onEvent: (e: LiveEvent) => void = () => undefined, onResync = () => undefined) {
  const c = createLiveClient({ url, onEvent, onResync, socketOptions: opts });
  clients.push(c);
  return c;
}

describe('live client (docs/architecture.md §5 step 5: one socket per session, replay after reconnect)', () => {
  it('connects, joins rooms, drops duplicate ids and remembers the last id it saw', async () => {
    const got: number[] = [];
    const c = client((e) => got.push(e.id));
    const release = c.join('project:2');
    await waitFor(() => expect(c.state).toBe('connected'));
    await waitFor(() => expect(joins).toEqual(['project:2']));
    ioServer.to('project:2').emit('event', ev(5));
    ioServer.to('project:2').emit('event', ev(5)); // a replay overlapping live delivery
    ioServer.to('project:2').emit('event', ev(6));
    await waitFor(() => expect(got).toEqual([5, 6]));
    expect(c.lastEventId).toBe(6);
    release();
  });

  it('a room joined while the handshake is on its way (sent without it) is joined once connected', async () => {
    acceptDelay = 300;
    const c = client();
    await new Promise((r) => setTimeout(r, 150)); // the handshake has left, the server has not accepted it yet
    expect(c.state).toBe('connecting');
    c.join('unit:7');
    await waitFor(() => expect(c.state).toBe('connected'));
    await waitFor(() => expect(joins).toEqual(['unit:7']));
  });

  it('after a dropped connection it reconnects, sending the last id and its rooms in the handshake', async () => {
    const states: string[] = [];
    const c = client();
    c.join('ticket:9');
    await waitFor(() => expect(c.state).toBe('connected'));
    c.onState((s) => states.push(s));
    ioServer.to('ticket:9').emit('event', ev(41));
    await waitFor(() => expect(c.lastEventId).toBe(41));
    sockets[0].conn.close(); // transport lost (not a server-side disconnect), so the client retries
    await waitFor(() => expect(handshakes).toHaveLength(2));
    expect(handshakes[1]).toEqual({ lastEventId: 41, rooms: ['ticket:9'] });
    await waitFor(() => expect(joins).toEqual(['ticket:9', 'ticket:9']));
    expect(states).toEqual(['reconnecting', 'connected']);
  });

  it('a resync from the server reaches onResync', async () => {
    let resyncs = 0;
    const c = client(undefined, () => {
      resyncs++;
    });
    await waitFor(() => expect(c.state).toBe('connected'));
    sockets[0].emit('resync');
    await waitFor(() => expect(resyncs).toBe(1));
  });

  it('answers a gap (the gateway lost its broker) with a replay from its last id, or refetches when it has seen none', async () => {
    let resyncs = 0;
    const c = client(undefined, () => {
      resyncs++;
    });
    await waitFor(() => expect(c.state).toBe('connected'));
    sockets[0].emit('gap');
    await waitFor(() => expect(resyncs).toBe(1));
    const replays: number[] = [];
    sockets[0].on('replay', (id, ack) => {
      replays.push(id);
      ack({ ok: true });
    });
    sockets[0].emit('event', ev(90));
    await waitFor(() => expect(c.lastEventId).toBe(90));
    sockets[0].emit('gap');
    await waitFor(() => expect(replays).toEqual([90]));
    expect(resyncs).toBe(1);
  });

  it('a refused handshake leaves the client offline instead of retrying forever', async () => {
    const guard = (socket: ServerSocket, next: (err?: Error) => void) =>
      next(socket.handshake.auth.refuse ? new Error('unauthorized') : undefined);
    ioServer.use(guard);
    const c = createLiveClient({
      url,
      onEvent: () => undefined,
      onResync: () => undefined,
      socketOptions: { ...opts, auth: { refuse: true } },
    });
    clients.push(c);
    await waitFor(() => expect(c.state).toBe('offline'));
  });
});

describe('live sync registry (docs/architecture.md §5 step 5: events update or invalidate caches)', () => {
  it('matches exact types, prefixes and *', () => {
    expect(matchesPattern('ticket.*', 'ticket.state_changed')).toBe(true);
    expect(matchesPattern('ticket.*', 'tickets.x')).toBe(false);
    expect(matchesPattern('*', 'anything')).toBe(true);
    expect(matchesPattern('order.scheduled', 'order.scheduled')).toBe(true);
    expect(matchesPattern('order.scheduled', 'order.cancelled')).toBe(false);
  });

  it('invalidate() marks the registered query keys stale; unregistering stops it', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['after-sales', 'list', 'solicitudes', {}], { data: [] });
    qc.setQueryData(['after-sales', 'detail', 'solicitud', 9], { id: 9 });
    qc.setQueryData(['home', 'list', 'proyectos', {}], { data: [] });
    const off = registerLiveSync(
      'ticket.*',
      invalidate(['after-sales', 'list'], (e) => ['after-sales', 'detail', 'solicitud', e.entity?.id]),
    );
    dispatchLiveEvent(ev(1), qc);
    expect(qc.getQueryState(['after-sales', 'list', 'solicitudes', {}])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['after-sales', 'detail', 'solicitud', 9])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['home', 'list', 'proyectos', {}])?.isInvalidated).toBe(false);
    off();
    qc.setQueryData(['after-sales', 'detail', 'solicitud', 9], { id: 9 });
    dispatchLiveEvent(ev(2), qc);
    expect(qc.getQueryState(['after-sales', 'detail', 'solicitud', 9])?.isInvalidated).toBe(false);
  });
});

describe('LiveSyncProvider and ConnectionBadge', () => {
  function Board() {
    useLiveRoom('project:2');
    return <ConnectionBadge />;
  }

  it("shows the connection state, joins the page's room and routes events to the registered caches", async () => {
    const qc = new QueryClient();
    qc.setQueryData(['after-sales', 'list', 'solicitudes', {}], { data: [] });
    const off = registerLiveSync('ticket.*', invalidate(['after-sales', 'list']));
    renderWithProviders(
      <LiveSyncProvider userId={3} url={url} socketOptions={opts}>
        <Board />
      </LiveSyncProvider>,
      { queryClient: qc },
    );
    await waitFor(() => expect(screen.getByTestId('connection-badge').dataset.state).toBe('connected'));
    expect(screen.getByTestId('connection-badge').textContent).toContain('En línea');
    await waitFor(() => expect(joins).toContain('project:2'));
    act(() => {
      ioServer.to('project:2').emit('event', ev(77));
    });
    await waitFor(() => expect(qc.getQueryState(['after-sales', 'list', 'solicitudes', {}])?.isInvalidated).toBe(true));
    off();
  });

  it('without a signed-in user there is no socket and the badge says offline', () => {
    renderWithProviders(
      <LiveSyncProvider userId={null} url={url}>
        <ConnectionBadge />
      </LiveSyncProvider>,
    );
    expect(screen.getByTestId('connection-badge').dataset.state).toBe('offline');
    expect(screen.getByTestId('connection-badge').textContent).toContain('Sin conexión');
    expect(sockets).toHaveLength(0);
  });

  it('an event applied to the caches once is not applied again by a later session socket (delivery is at least once)', async () => {
    const qc = new QueryClient();
    const applied: number[] = [];
    const off = registerLiveSync('ticket.*', (e) => {
      applied.push(e.id);
    });
    const first = renderWithProviders(
      <LiveSyncProvider userId={4} url={url} socketOptions={opts}>
        <Board />
      </LiveSyncProvider>,
      { queryClient: qc },
    );
    await waitFor(() => expect(joins).toContain('project:2'));
    act(() => {
      ioServer.to('project:2').emit('event', ev(81));
    });
    await waitFor(() => expect(applied).toEqual([81]));
    first.unmount(); // the shell goes away and its socket closes; the caches stay
    joins.length = 0;
    renderWithProviders(
      <LiveSyncProvider userId={4} url={url} socketOptions={opts}>
        <Board />
      </LiveSyncProvider>,
      { queryClient: qc },
    );
    await waitFor(() => expect(joins).toContain('project:2'));
    // The new socket asks for what came after the last event the caches saw, and a redelivery of it is dropped.
    expect(handshakes[handshakes.length - 1].lastEventId).toBe(81);
    act(() => {
      ioServer.to('project:2').emit('event', ev(81));
      ioServer.to('project:2').emit('event', ev(82));
    });
    await waitFor(() => expect(applied).toEqual([81, 82]));
    off();
  });
});
