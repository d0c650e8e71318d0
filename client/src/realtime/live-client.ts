import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  HandshakeAuth,
  JoinResult,
  LiveEvent,
  ServerToClientEvents,
} from '#domain/realtime';
import { createAppliedEvents, type AppliedEvents } from './applied-events.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the badge shows: first connection, live, trying again, or given up (signed out, refused). */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export type LiveClientOptions = {
  /** Gateway origin; the page's own origin when absent. */
  url?: string;
  onEvent: (event: LiveEvent) => void;
  /** The server could not replay the gap since our last event: every cache must refetch. */
  onResync: () => void;
  /** Extra socket.io-client options (tests pass transports, reconnection delays). */
  socketOptions?: Parameters<typeof io>[1];
  /** The events its caches already hold, when they outlive one socket (live-sync-provider.tsx). */
  applied?: AppliedEvents;
  /**
   * The gateway closed the socket itself: its session ended (logout elsewhere, a disabled or deleted user, a new
   * password; server/src/auth/session-end.ts), so the app should ask whether it is still signed in.
   */
  onSessionClosed?: () => void;
};

/**
 * One Socket.IO connection per signed-in session (docs/architecture.md §5 step 5), independent of React so the
 * provider, tests and tools share it. It tracks the last event id it saw and sends it in every
 * handshake, so after a reconnect the gateway recovers or replays what was missed; it drops
 * events already applied (`applied`, shared with earlier sockets of the same caches); and it names its rooms in
 * every handshake, so a server that could not restore the session joins them again.
 */
export function createLiveClient(opts: LiveClientOptions) {
  let state: ConnectionState = 'connecting';
  const applied = opts.applied ?? createAppliedEvents();
  const roomCounts = new Map<string, number>();
  /** The rooms the last handshake named: one joined after it left is sent once the socket connects. */
  let handshakeRooms = new Set<string>();
  const stateListeners = new Set<(s: ConnectionState) => void>();

  const socket: LiveSocket = io(opts.url ?? '', {
    withCredentials: true,
    // A function, so each reconnection sends the latest id and rooms: the server rejoins the
    // rooms first and then replays the gap, so no event falls between the two.
    auth: (cb) => {
      handshakeRooms = new Set(roomCounts.keys());
      cb({ lastEventId: applied.lastId, rooms: [...handshakeRooms] } satisfies HandshakeAuth);
    },
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    ...opts.socketOptions,
  });

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    stateListeners.forEach((l) => l(next));
  };

  const sendJoin = (room: string) =>
    socket.emit('join', room, (r: JoinResult) => {
      if (!r.ok) console.warn('live room refused', { room, error: r.error });
    });

  socket.on('connect', () => {
    setState('connected');
    for (const room of roomCounts.keys()) if (!handshakeRooms.has(room)) sendJoin(room);
  });
  socket.on('disconnect', (reason) => {
    setState(socket.active ? 'reconnecting' : 'offline');
    if (reason === 'io server disconnect') opts.onSessionClosed?.();
  });
  socket.on('connect_error', () => setState(socket.active ? 'reconnecting' : 'offline'));
  socket.on('event', (event) => {
    if (applied.add(event.id)) opts.onEvent(event);
  });
  socket.on('resync', () => opts.onResync());
  // The gateway may have missed events (its broker dropped): ask for ours, or refetch if we
  // have seen none yet.
  socket.on('gap', () => {
    const lastEventId = applied.lastId;
    if (lastEventId === undefined) opts.onResync();
    else socket.emit('replay', lastEventId, () => undefined);
  });

  return {
    socket,
    get state() {
      return state;
    },
    get lastEventId() {
      return applied.lastId;
    },
    onState(listener: (s: ConnectionState) => void) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    /** Joins a room while at least one caller holds it; returns the release function. */
    join(room: string): () => void {
      const n = roomCounts.get(room) ?? 0;
      roomCounts.set(room, n + 1);
      if (n === 0 && socket.connected) sendJoin(room);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (roomCounts.get(room) ?? 1) - 1;
        if (left > 0) {
          roomCounts.set(room, left);
          return;
        }
        roomCounts.delete(room);
        if (socket.connected) socket.emit('leave', room, () => undefined);
      };
    },
    close() {
      stateListeners.clear();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
export type LiveClient = ReturnType<typeof createLiveClient>;
