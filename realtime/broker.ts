import net from 'node:net';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { isInternalMqtt, verifyMqttCredentials } from './credentials.ts';
import { canonicalTopic, mayRead, type TopicGrant } from './topics.ts';

export type BrokerLog = { info(msg: string, f?: Record<string, unknown>): void; warn(msg: string, f?: Record<string, unknown>): void };

export type EmbeddedBrokerOptions = {
  /** Loopback by default: only this machine's processes reach the TCP listener (DESIGN §3). */
  host?: string;
  /** 0 picks a free port (tests). */
  port: number;
  secret: string;
  namespace?: string;
  log?: BrokerLog;
};

type Session = { internal: true } | { internal: false; grant: TopicGrant; expiry: NodeJS.Timeout };
const sessions = new WeakMap<Client, Session>();

const authError = (returnCode: 4 | 5) => Object.assign(new Error('not authorized'), { returnCode }) as AuthenticateError;

/**
 * The embedded aedes broker of the default setup (DESIGN §3). Our processes connect as the
 * internal user; mobile apps and devices with credentials from POST auth/mqtt-credentials, which
 * let them subscribe only to their own topics (issue 5 §5) and never publish.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions) {
  const ns = opts.namespace ?? '';
  const broker = await Aedes.createBroker({ drainTimeout: 10_000, heartbeatInterval: 60_000 });

  broker.authenticate = (client, username, password, done) => {
    const pass = password?.toString('utf8');
    if (isInternalMqtt(opts.secret, username, pass)) {
      sessions.set(client, { internal: true });
      return done(null, true);
    }
    const grant = verifyMqttCredentials(opts.secret, username, pass);
    if (!grant) return done(authError(4), false);
    // The credentials are short-lived: the connection ends when they expire.
    const expiry = setTimeout(() => client.close(), Math.max(0, grant.exp * 1000 - Date.now()));
    expiry.unref();
    sessions.set(client, { internal: false, grant, expiry });
    done(null, true);
  };
  broker.authorizeSubscribe = (client, sub, done) => {
    const s = sessions.get(client);
    if (s?.internal) return done(null, sub);
    const topic = canonicalTopic(sub.topic, ns);
    // Refused filters get SUBACK 128 rather than a dropped connection, so an app learns which one.
    done(null, s && topic !== undefined && mayRead(s.grant, topic) ? sub : null);
  };
  broker.authorizePublish = (client, packet, done) => {
    const s = client ? sessions.get(client) : undefined;
    done(s?.internal && !packet.topic.startsWith('$SYS') ? null : new Error('publishing is reserved to the server'));
  };
  // A persistence failure is emitted on the broker; a client's broken connection or packet on
  // clientError / connectionError (aedes then closes that client). None may end the process.
  // aedes emits 'error' (an undelivered enqueue, a will sweep that failed) but does not type it.
  (broker as unknown as NodeJS.EventEmitter).on('error', (error: Error) => opts.log?.warn('mqtt broker error', { error: error.message }));
  const onClientError = (client: Client | null, error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') opts.log?.warn('mqtt client error', { client: client?.id, error: error.message });
  };
  broker.on('clientError', onClientError);
  broker.on('connectionError', onClientError);
  broker.on('clientDisconnect', (client) => {
    const s = sessions.get(client);
    if (s && !s.internal) clearTimeout(s.expiry);
  });

  const tcp = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(opts.port, opts.host ?? '127.0.0.1', () => { tcp.off('error', reject); resolve(); });
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
    /** MQTT over WebSocket on the app's own HTTP server (issue 5 §5), e.g. path /mqtt. */
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
