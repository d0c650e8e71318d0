import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker, type EmbeddedBroker } from '#realtime/broker';
import { createGateway, type Gateway, type GatewayAuthority } from '#realtime/gateway';
import { connectMqtt, mqttTarget } from '#realtime/mqtt-link';
import { refuseStrayUpgrades } from '#realtime/server-guards';
import type { AppDeps, SessionUser } from '../http/context.ts';
import { createNotificationConsumer } from '../modules/notifications/service.ts';
import { canJoinRoom, embeddingOriginsOf, gatewayUserOf, replayEvents, userFromCookie } from './access.ts';
import { isLiveSessionOpen } from '../auth/session-end.ts';
import { createOutboxRelay } from './relay.ts';
import { realtimeSettings, rememberSettings, type RealtimeSettings } from './realtime-settings.ts';

/** The gateway's questions answered in process, with the same checks the HTTP routes use. */
export function inProcessAuthority(deps: AppDeps): GatewayAuthority<SessionUser & { sessionKey: string }> {
  return {
    authenticate: async (cookie) => {
      const user = await userFromCookie(deps, cookie);
      return user && gatewayUserOf(user);
    },
    canJoin: (user, room) => canJoinRoom(deps, user, room),
    embeddingOrigins: (user) => embeddingOriginsOf(deps, user),
    replaySince: (user, lastId, rooms, limit) => replayEvents(deps, user, lastId, rooms, limit),
  };
}

export type RealtimeOptions = {
  /** The app's HTTP server: Socket.IO and MQTT over WebSocket (/mqtt) attach to it. */
  server?: http.Server;
  settings?: Partial<RealtimeSettings>;
  /** Faster polls and recovery for tests. */
  pollMs?: number;
};

/**
 * Starts the realtime half of a process (docs/architecture.md §3, §5): the embedded broker unless MQTT_URL is
 * set, the outbox relay and the notification consumer, and, given the HTTP server, the Socket.IO
 * gateway. Wires deps.wakeOutbox (commits publish at once) and deps.brokerReady (/ready).
 */
export async function startRealtime(deps: AppDeps, opts: RealtimeOptions = {}) {
  const settings = { ...realtimeSettings(deps.config), ...opts.settings };
  rememberSettings(deps, settings);
  const secret = deps.config.signingSecret;
  const log = deps.log.child({ component: 'realtime' });
  const broker: EmbeddedBroker | undefined = deps.config.mqttUrl
    ? undefined
    : await startEmbeddedBroker({
      port: settings.mqttPort, secret, namespace: settings.mqttNamespace, log,
      // MQTT credentials end with the session they were issued to (docs/decisions.md, Hardening).
      sessionOpen: (grant) => isLiveSessionOpen(deps.database.db, grant.userId, grant.sid ?? '', deps.config.sessionIdleMs),
    }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      throw new Error(`MQTT_PORT ${settings.mqttPort} is in use: set MQTT_PORT to a free port, or MQTT_URL to use an external broker`);
    });
  if (broker && opts.server) broker.attachWebSocket(opts.server, '/mqtt');
  const target = mqttTarget({ mqttUrl: deps.config.mqttUrl, embeddedUrl: broker?.url, secret });

  const link = connectMqtt(target, `qa-relay-${randomBytes(6).toString('hex')}`, { onError: (error) => log.warn('mqtt link error', { error: error.message }) });
  const relay = createOutboxRelay({ db: deps.database.db, publisher: link, log, namespace: settings.mqttNamespace, pollMs: opts.pollMs });
  const notificationsConsumer = createNotificationConsumer(deps, { pollMs: opts.pollMs });
  deps.wakeOutbox = () => {
    relay.wake();
    // On PGlite one query runs at a time: the live path first, notifications a moment later.
    notificationsConsumer.wake(25);
  };
  deps.brokerReady = () => link.connected;
  relay.start();
  notificationsConsumer.start();

  let gateway: Gateway | undefined;
  if (opts.server) {
    gateway = await createGateway({
      server: opts.server, authority: inProcessAuthority(deps), publicUrl: deps.config.publicUrl, mqtt: target, namespace: settings.mqttNamespace,
      redisUrl: deps.config.redisUrl, log,
    });
  }
  const releaseUpgrades = opts.server ? refuseStrayUpgrades(opts.server, ['/socket.io/', ...(broker ? ['/mqtt'] : [])]) : undefined;
  log.info('realtime started', { broker: broker ? `embedded ${broker.url}` : 'external', gateway: !!gateway, redis: !!deps.config.redisUrl });

  return {
    broker,
    relay,
    notifications: notificationsConsumer,
    gateway,
    link,
    /** Stops accepting sockets and events, then closes the broker connection and the broker. */
    async stop() {
      deps.wakeOutbox = undefined;
      deps.brokerReady = undefined;
      await gateway?.close();
      releaseUpgrades?.();
      await Promise.all([relay.stop(), notificationsConsumer.stop()]);
      await link.close();
      await broker?.close();
    },
  };
}
export type Realtime = Awaited<ReturnType<typeof startRealtime>>;
