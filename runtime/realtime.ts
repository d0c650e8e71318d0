import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker, type EmbeddedBroker } from '#realtime/broker';
import { issueMqttCredentials } from '#realtime/credentials';
import { createGateway, type Gateway, type GatewayAuthority } from '#realtime/gateway';
import { connectMqtt, mqttTarget } from '#realtime/mqtt-link';
import { refuseStrayUpgrades } from '#realtime/server-guards';
import type { AppDeps, SessionUser } from '../server/src/http/context.ts';
import {
  canJoinRoom,
  embeddingOriginsOf,
  gatewayUserOf,
  replayEvents,
  userFromCookie,
} from '../server/src/events/access.ts';
import { isLiveSessionOpen } from '../server/src/auth/session-end.ts';
import { startEventFlow } from '../server/src/events/flow.ts';
import { realtimeSettings, rememberSettings, type RealtimeSettings } from '../server/src/events/realtime-settings.ts';

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
 * set, the MQTT link the server's event flow publishes on (relay and consumers, server/src/events/flow.ts),
 * and, given the HTTP server, the Socket.IO gateway. Gives the server what it cannot import from
 * realtime/: the publisher, and the signer of MQTT credentials (deps.mqttCredentials).
 */
export async function startRealtime(deps: AppDeps, opts: RealtimeOptions = {}) {
  const settings = { ...realtimeSettings(deps.config), ...opts.settings };
  rememberSettings(deps, settings);
  const secret = deps.config.signingSecret;
  const log = deps.log.child({ component: 'realtime' });
  const broker: EmbeddedBroker | undefined = deps.config.mqttUrl
    ? undefined
    : await startEmbeddedBroker({
        port: settings.mqttPort,
        secret,
        namespace: settings.mqttNamespace,
        log,
        // MQTT credentials end with the session they were issued to (docs/decisions.md, Hardening).
        sessionOpen: (grant) =>
          isLiveSessionOpen(deps.database.db, grant.userId, grant.sid ?? '', deps.config.sessionIdleMs),
      }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        throw new Error(
          `MQTT_PORT ${settings.mqttPort} is in use: set MQTT_PORT to a free port, or MQTT_URL to use an external broker`,
        );
      });
  if (broker && opts.server) broker.attachWebSocket(opts.server, '/mqtt');
  const target = mqttTarget({ mqttUrl: deps.config.mqttUrl, embeddedUrl: broker?.url, secret });

  const link = connectMqtt(target, `qa-relay-${randomBytes(6).toString('hex')}`, {
    onError: (error) => log.warn('mqtt link error', { error: error.message }),
  });
  deps.mqttCredentials = (grant, ttlSeconds) => issueMqttCredentials(secret, grant, ttlSeconds);
  let gateway: Gateway | undefined;
  const events = startEventFlow(deps, {
    publisher: link,
    namespace: settings.mqttNamespace,
    pollMs: opts.pollMs,
    deliverLocally: (event) => gateway?.deliver(event),
  });

  if (opts.server) {
    gateway = await createGateway({
      server: opts.server,
      authority: inProcessAuthority(deps),
      publicUrl: deps.config.publicUrl,
      mqtt: target,
      namespace: settings.mqttNamespace,
      redisUrl: deps.config.redisUrl,
      log,
    });
  }
  const releaseUpgrades = opts.server
    ? refuseStrayUpgrades(opts.server, ['/socket.io/', ...(broker ? ['/mqtt'] : [])])
    : undefined;
  log.info('realtime started', {
    broker: broker ? `embedded ${broker.url}` : 'external',
    gateway: !!gateway,
    redis: !!deps.config.redisUrl,
  });

  return {
    broker,
    events,
    gateway,
    link,
    /** Stops accepting sockets and events, then closes the broker connection and the broker. */
    async stop() {
      deps.mqttCredentials = undefined;
      await gateway?.close();
      releaseUpgrades?.();
      await events.stop();
      await link.close();
      await broker?.close();
    },
  };
}
export type Realtime = Awaited<ReturnType<typeof startRealtime>>;
