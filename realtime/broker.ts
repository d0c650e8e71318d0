import net from 'node:net';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { SESSION_ENDED_EVENT } from '#domain/realtime';
import { isInternalMqtt, verifyMqttCredentials, type SessionGrant } from './credentials.ts';
import { canonicalTopic, mayRead, TOPIC_ROOT, wireTopic } from '#domain/realtime-topics';

export type BrokerLog = {
  info(msg: string, f?: Record<string, unknown>): void;
  warn(msg: string, f?: Record<string, unknown>): void;
};

export type EmbeddedBrokerOptions = {
  /** Loopback by default: only this machine's processes reach the TCP listener (docs/architecture.md §3). */
  host?: string;
  /** 0 picks a free port (tests). */
  port: number;
  secret: string;
  namespace?: string;
  log?: BrokerLog;
  /**
   * Whether the sign-in session the credentials were issued to is still open (asked on connect and
   * on every subscribe). Given, credentials without a session are refused; without it (tools,
   * tests of the broker alone) credentials live until they expire.
   */
  sessionOpen?: (grant: SessionGrant) => Promise<boolean>;
};

type Session = { internal: true } | { internal: false; grant: SessionGrant; expiry: NodeJS.Timeout };
const sessions = new WeakMap<Client, Session>();

const authError = (returnCode: 3 | 4 | 5) =>
  Object.assign(new Error('not authorized'), { returnCode }) as AuthenticateError;

/**
 * The embedded aedes broker of the default setup (docs/architecture.md §3). Our processes connect as the
 * internal user; mobile apps and devices with credentials from POST auth/mqtt-credentials, which
 * let them subscribe only to their own topics (docs/decisions.md, Realtime) and never publish.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions) {
  const ns = opts.namespace ?? '';
  const broker = await Aedes.createBroker({ drainTimeout: 10_000, heartbeatInterval: 60_000 });

  // Clients per session key, so a session-ended event closes that session's connections.
  const bySession = new Map<string, Set<Client>>();
  const unbind = (client: Client, sid: string | undefined) => {
    const set = sid ? bySession.get(sid) : undefined;
    if (set?.delete(client) && set.size === 0) bySession.delete(sid!);
  };
  const sessionOpen = (grant: SessionGrant) => (opts.sessionOpen ? opts.sessionOpen(grant) : Promise.resolve(true));

  broker.authenticate = (client, username, password, done) => {
    const pass = password?.toString('utf8');
    if (isInternalMqtt(opts.secret, username, pass)) {
      sessions.set(client, { internal: true });
      return done(null, true);
    }
    const grant = verifyMqttCredentials(opts.secret, username, pass);
    if (!grant) return done(authError(4), false);
    if (opts.sessionOpen && !grant.sid) return done(authError(5), false);
    sessionOpen(grant).then(
      (open) => {
        if (!open) return done(authError(5), false);
        // The credentials are short-lived: the connection ends when they expire.
        const expiry = setTimeout(() => client.close(), Math.max(0, grant.exp * 1000 - Date.now()));
        expiry.unref();
        sessions.set(client, { internal: false, grant, expiry });
        if (grant.sid) bySession.set(grant.sid, (bySession.get(grant.sid) ?? new Set()).add(client));
        done(null, true);
      },
      (error) => {
        opts.log?.warn('mqtt session check failed', { error: String(error) });
        done(authError(3), false);
      },
    );
  };
  broker.authorizeSubscribe = (client, sub, done) => {
    const s = sessions.get(client);
    if (s?.internal) return done(null, sub);
    const topic = canonicalTopic(sub.topic, ns);
    // Refused filters get SUBACK 128 rather than a dropped connection, so an app learns which one.
    if (!s || topic === undefined || !mayRead(s.grant, topic)) return done(null, null);
    sessionOpen(s.grant).then(
      (open) => {
        if (open) return done(null, sub);
        done(null, null);
        client.close();
      },
      () => done(null, null),
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    const s = client ? sessions.get(client) : undefined;
    done(s?.internal && !packet.topic.startsWith('$SYS') ? null : new Error('publishing is reserved to the server'));
  };
  // A persistence failure is emitted on the broker; a client's broken connection or packet on
  // clientError / connectionError (aedes then closes that client). None may end the process.
  // aedes emits 'error' (an undelivered enqueue, a will sweep that failed) but does not type it.
  (broker as unknown as NodeJS.EventEmitter).on('error', (error: Error) =>
    opts.log?.warn('mqtt broker error', { error: error.message }),
  );
  const onClientError = (client: Client | null, error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE')
      opts.log?.warn('mqtt client error', { client: client?.id, error: error.message });
  };
  broker.on('clientError', onClientError);
  broker.on('connectionError', onClientError);
  broker.on('clientDisconnect', (client) => {
    const s = sessions.get(client);
    if (s && !s.internal) {
      clearTimeout(s.expiry);
      unbind(client, s.grant.sid);
    }
  });

  // A session ended (logout, password change, a disabled user): its MQTT clients go with it.
  const onUserEvent = (packet: { payload: Buffer | string }, callback: () => void) => {
    try {
      const event = JSON.parse(packet.payload.toString()) as { type?: unknown; data?: { session?: unknown } };
      const sid = event.type === SESSION_ENDED_EVENT ? event.data?.session : undefined;
      if (typeof sid === 'string') for (const client of bySession.get(sid) ?? []) client.close();
    } catch {
      /* not an event of ours */
    }
    callback();
  };
  await new Promise<void>((resolve) =>
    broker.subscribe(wireTopic(`${TOPIC_ROOT}/+/users/+`, ns), onUserEvent, resolve),
  );

  const tcp = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      tcp.off('error', reject);
      resolve();
    });
  });
  tcp.on('error', (error) => opts.log?.warn('mqtt listener error', { error: error.message }));
  const port = (tcp.address() as net.AddressInfo).port;
  opts.log?.info('mqtt broker listening', { host: opts.host ?? '127.0.0.1', port });

  const wss = new WebSocketServer({ noServer: true });
  wss.on('error', (error) => opts.log?.warn('mqtt websocket server error', { error: error.message }));
  const detachers: (() => void)[] = [];

  return {
    broker,
    port,
    url: `mqtt://${opts.host ?? '127.0.0.1'}:${port}`,
    /** MQTT over WebSocket on the app's own HTTP server (docs/architecture.md §3), e.g. path /mqtt. */
    attachWebSocket(server: http.Server, path = '/mqtt') {
      const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        if (new URL(req.url ?? '/', 'http://x').pathname !== path) return; // Socket.IO's, not ours
        wss.handleUpgrade(req, socket, head, (ws) => broker.handle(createWebSocketStream(ws), req));
      };
      server.on('upgrade', onUpgrade);
      detachers.push(() => server.off('upgrade', onUpgrade));
    },
    async close() {
      detachers.forEach((d) => d());
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      // Stop accepting first, then disconnect everyone; the listener closes once they are gone.
      const listenerClosed = new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await listenerClosed;
    },
  };
}
export type EmbeddedBroker = Awaited<ReturnType<typeof startEmbeddedBroker>>;
