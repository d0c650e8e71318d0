import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  OWNER_SOCKETS_ROOM,
  parseRoom,
  REPLAY_LIMIT,
  rooms,
  roomsOfEvent,
  SESSION_ENDED_EVENT,
  STAFF_DATA,
  withoutStaffData,
  type ClientToServerEvents,
  type LiveEvent,
  type ParsedRoom,
  type ServerToClientEvents,
} from '#domain/realtime';
import { startBridge, type Bridge } from './bridge.ts';
import type { MqttTarget } from './mqtt-link.ts';

/**
 * Who a socket belongs to; the authority may carry more (e.g. the cookie, in standalone mode).
 * `sessionKey` names the sign-in session, so its sockets end with it (SESSION_ENDED_EVENT).
 */
export type GatewayUser = { id: number; companyId: number; kind: 'staff' | 'owner'; sessionKey?: string };

/**
 * What the gateway asks the application (realtime/ never imports server/: runtime/realtime.ts injects an
 * in-process authority, standalone.ts one that asks the API over HTTP).
 */
export type GatewayAuthority<U extends GatewayUser> = {
  authenticate(cookieHeader: string | undefined): Promise<U | undefined>;
  canJoin(user: U, room: ParsedRoom): Promise<boolean>;
  /** Sites that may embed our pages for this user (the owner portal's iframe settings), as origins. */
  embeddingOrigins(user: U): Promise<readonly string[]>;
  /** Events after `lastId` for these rooms, oldest first; complete=false when more than `limit`. */
  replaySince(
    user: U,
    lastId: number,
    roomNames: string[],
    limit: number,
  ): Promise<{ events: LiveEvent[]; complete: boolean }>;
};

export type GatewayLog = {
  info(msg: string, f?: Record<string, unknown>): void;
  warn(msg: string, f?: Record<string, unknown>): void;
  error(msg: string, f?: Record<string, unknown>): void;
};

export type GatewayOptions<U extends GatewayUser> = {
  server: http.Server;
  authority: GatewayAuthority<U>;
  /** PUBLIC_URL: the origin our pages are served from, besides the Host a handshake asks for. */
  publicUrl?: string;
  mqtt: MqttTarget;
  namespace?: string;
  redisUrl?: string;
  log: GatewayLog;
  /** How long a dropped client's rooms and missed packets are kept for recovery. */
  recoveryMs?: number;
  /** Sockets whose session ended (logout, expiry, disabled user) are dropped within this. */
  revalidateMs?: number;
};

type SocketData<U> = { user: U };
type GatewaySocket<U> = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData<U>>;

const MAX_HANDSHAKE_ROOMS = 50;

/**
 * A client may put anything where the acknowledgement goes (the types above are only what our
 * client sends): calling a number would throw inside the socket's event handler and end the process.
 */
function replyTo<R>(ack: unknown): (r: R) => void {
  return typeof ack === 'function'
    ? (r) => {
        (ack as (r: R) => void)(r);
      }
    : () => undefined;
}

/**
 * The Socket.IO gateway (docs/architecture.md §5 step 4): session-cookie authentication at the
 * handshake, rooms per company, project, user and entity joined only after the authority says
 * so, events from MQTT emitted to their rooms, and after a reconnect either Socket.IO's
 * connection state recovery or a replay from the outbox of everything after the client's last id.
 */
export async function createGateway<U extends GatewayUser>(opts: GatewayOptions<U>) {
  const { authority, log } = opts;
  const redis = opts.redisUrl ? createClient({ url: opts.redisUrl }) : undefined;
  const redisSub = redis?.duplicate();
  for (const c of [redis, redisSub]) c?.on('error', (error) => log.warn('redis error', { error: String(error) }));
  if (redis && redisSub) await Promise.all([redis.connect(), redisSub.connect()]);

  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData<U>>(opts.server, {
    serveClient: false,
    // /mqtt (MQTT over WebSocket) shares the HTTP server: leave upgrades that are not ours alone.
    destroyUpgrade: false,
    // The Redis adapter cannot restore sessions; the outbox replay covers that case.
    connectionStateRecovery: { maxDisconnectionDuration: opts.recoveryMs ?? 120_000, skipMiddlewares: false },
    // The namespace keeps deployments (and test runs) sharing one Redis apart.
    ...(redis && redisSub
      ? {
          adapter: createAdapter(redis, redisSub, { key: `qa-socket.io${opts.namespace ? `:${opts.namespace}` : ''}` }),
        }
      : {}),
  });

  const publicOrigin = opts.publicUrl ? URL.parse(opts.publicUrl)?.origin : undefined;
  // The session cookie rides on every handshake, whichever page opens it: a browser's handshake
  // must come from our own pages or from a site allowed to embed the portal for this user
  // (cross-site WebSocket hijacking). Clients without Origin (apps, tools) carry no ambient cookie.
  async function originAllowed(
    origin: string | undefined,
    host: string | undefined,
    user: () => Promise<U | undefined>,
  ) {
    if (origin === undefined) return true;
    const from = URL.parse(origin);
    if (!from || (from.protocol !== 'https:' && from.protocol !== 'http:')) return false;
    if (from.origin === publicOrigin || (host && URL.parse(`${from.protocol}//${host}`)?.host === from.host))
      return true;
    const u = await user();
    return !!u && (await authority.embeddingOrigins(u)).includes(from.origin);
  }

  // Malformed handshakes, unknown session ids, bad transports: answered by engine.io, logged here.
  io.engine.on('connection_error', (error: { code?: number; message?: string; req?: { url?: string } }) => {
    log.warn('socket.io connection error', { code: error.code, error: error.message, url: error.req?.url });
  });

  io.use((socket, next) => {
    const { headers } = socket.handshake;
    let session: Promise<U | undefined> | undefined;
    const user = () => (session ??= authority.authenticate(headers.cookie));
    (async () => {
      if (!(await originAllowed(headers.origin, headers.host, user))) {
        log.warn('gateway refused a handshake from another origin', { origin: headers.origin });
        return next(new Error('forbidden origin'));
      }
      const u = await user();
      if (!u) return next(new Error('unauthorized'));
      socket.data.user = u;
      next();
    })().catch((error) => {
      log.error('gateway authentication failed', { error: String(error) });
      next(new Error('unavailable'));
    });
  });

  async function tryJoin(socket: GatewaySocket<U>, name: unknown): Promise<'ok' | 'forbidden' | 'invalid'> {
    const room = parseRoom(name);
    if (!room) return 'invalid';
    if (!(await authority.canJoin(socket.data.user, room))) return 'forbidden';
    await socket.join(name as string);
    return 'ok';
  }

  async function replay(socket: GatewaySocket<U>, lastId: number) {
    const joined = [...socket.rooms].filter((r) => r !== socket.id);
    const { events, complete } = await authority.replaySince(socket.data.user, lastId, joined, REPLAY_LIMIT);
    if (!complete) return void socket.emit('resync');
    const owner = socket.data.user.kind === 'owner';
    for (const e of events) if (e.type !== SESSION_ENDED_EVENT) socket.emit('event', owner ? withoutStaffData(e) : e);
  }

  io.on('connection', (socket: GatewaySocket<U>) => {
    const user = socket.data.user;
    socket.on('join', (room, ack) => {
      const reply = replyTo(ack);
      tryJoin(socket, room).then(
        (r) => reply(r === 'ok' ? { ok: true } : { ok: false, error: r }),
        () => reply({ ok: false, error: 'forbidden' }),
      );
    });
    socket.on('leave', (room, ack) => {
      const reply = replyTo(ack);
      // The owners' room is what keeps staff data from an owner's socket: it is never left.
      if (room === OWNER_SOCKETS_ROOM) return reply({ ok: false, error: 'forbidden' });
      Promise.resolve(socket.leave(String(room))).then(
        () => reply({ ok: true }),
        (error) => log.warn('gateway leave failed', { error: String(error) }),
      );
    });
    socket.on('replay', (lastId, ack) => {
      const reply = replyTo(ack);
      const id = Number(lastId);
      if (!Number.isSafeInteger(id) || id < 0) return reply({ ok: false });
      replay(socket, id).then(
        () => reply({ ok: true }),
        (error) => {
          log.warn('gateway replay failed', { error: String(error) });
          socket.emit('resync');
          reply({ ok: false });
        },
      );
    });
    // Recovered: Socket.IO restored the rooms and re-sent what was missed. Otherwise rejoin the
    // rooms the client asks for, then replay the gap, so nothing falls between the two.
    if (socket.recovered) return;
    const auth = (socket.handshake.auth ?? {}) as { lastEventId?: unknown; rooms?: unknown };
    void (async () => {
      await socket.join(rooms.user(user.id));
      if (user.kind === 'staff') await socket.join(rooms.company(user.companyId));
      else await socket.join(OWNER_SOCKETS_ROOM);
      const wanted = Array.isArray(auth.rooms) ? auth.rooms.slice(0, MAX_HANDSHAKE_ROOMS) : [];
      for (const room of wanted) await tryJoin(socket, room).catch(() => 'forbidden');
      const lastId = Number(auth.lastEventId);
      if (Number.isSafeInteger(lastId) && lastId > 0) await replay(socket, lastId);
    })().catch((error) => {
      log.error('gateway connection setup failed', { error: String(error) });
      socket.emit('resync');
    });
  });

  // Every socket of an ended session, on this gateway or (with Redis) any other, is disconnected.
  async function endSession(event: LiveEvent) {
    const key = event.data.session;
    if (typeof key !== 'string' || event.userId === null) return;
    for (const socket of await io.in(rooms.user(event.userId)).fetchSockets()) {
      if (socket.data.user?.sessionKey === key) socket.disconnect(true);
    }
  }

  const emit = (event: LiveEvent) => {
    if (event.type === SESSION_ENDED_EVENT) {
      endSession(event).catch((error) =>
        log.warn("gateway could not end a session's sockets", { error: String(error) }),
      );
      return;
    }
    const to = roomsOfEvent(event);
    if (!(STAFF_DATA in event.data)) return void io.to(to).emit('event', event);
    // Staff sockets of the company are in its room; owner sockets in theirs: each gets its version once.
    io.to(to).except(OWNER_SOCKETS_ROOM).emit('event', event);
    io.to(to).except(rooms.company(event.companyId)).emit('event', withoutStaffData(event));
  };
  const nodeId = randomBytes(6).toString('hex');
  const bridge: Bridge = startBridge({
    mqtt: opts.mqtt,
    clientId: `qa-gw-${nodeId}`,
    namespace: opts.namespace,
    onEvent: emit,
    // Whatever was published while we were not subscribed is in the outbox: each local client
    // asks for its own gap (it knows the last id it saw).
    onSubscribed: () => {
      io.local.emit('gap');
    },
    // Every gateway receives every event; the first to claim it broadcasts through Redis.
    claim: redis
      ? async (id) =>
          (await redis.set(`qa:gw:event:${opts.namespace ?? ''}:${id}`, nodeId, { NX: true, EX: 600 })) === 'OK'
      : undefined,
    onError: (error) => log.warn('gateway bridge error', { error: String(error) }),
  });

  // A socket outlives its session unless we look again: drop those whose session is gone.
  const revalidate = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      authority.authenticate(socket.handshake.headers.cookie).then(
        (u) => {
          if (!u) socket.disconnect(true);
        },
        () => undefined,
      );
    }
  }, opts.revalidateMs ?? 60_000);
  revalidate.unref();

  return {
    io,
    bridge,
    /** Emits an event straight to its rooms (used by tests and the bench's bare baseline). */
    emit,
    /** An event from this process's relay: emitted as if it came from the broker, whose copy is then dropped. */
    deliver: (event: LiveEvent) => bridge.deliver(event),
    get ready() {
      return bridge.connected;
    },
    async close() {
      clearInterval(revalidate);
      await bridge.close();
      // Closing the transports (not a server-side disconnect) lets clients reconnect on their
      // own, to this process when it is back or to another one. Also closes the HTTP server.
      await io.close();
      await Promise.all([redis?.quit().catch(() => undefined), redisSub?.quit().catch(() => undefined)]);
    },
  };
}
export type Gateway = Awaited<ReturnType<typeof createGateway>>;
