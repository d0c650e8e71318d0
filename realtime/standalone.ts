import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createGateway, type GatewayLog } from './gateway.ts';
import { httpAuthority } from './http-authority.ts';
import { mqttTarget } from './mqtt-link.ts';
import { DEFAULT_HTTP_TIMEOUTS } from '#domain/http-timeouts';
import { guardHttpServer, guardProcess, httpServerOptions, refuseStrayUpgrades } from './server-guards.ts';

export type StandaloneOptions = {
  port: number;
  host: string;
  /** The API that owns sessions and the outbox (PUBLIC_URL of `npm start`, or a private address). */
  apiUrl: string;
  /** PUBLIC_URL of the app: browsers open the gateway from pages of this origin. */
  publicUrl?: string;
  /** The broker the relay publishes to: MQTT_URL, or the app's embedded broker on loopback. */
  mqttUrl: string;
  secret: string;
  namespace?: string;
  redisUrl?: string;
  log: GatewayLog;
};

/**
 * The gateway alone on its own port (docs/architecture.md §3, `npm run start:realtime`): Socket.IO with the
 * same rooms and replay, events from the broker, sessions and permissions asked of the API. With
 * REDIS_URL several of these (and the app's own gateway) act as one behind one address.
 */
export async function startStandaloneGateway(opts: StandaloneOptions) {
  const server = http.createServer(httpServerOptions(DEFAULT_HTTP_TIMEOUTS), (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, () => resolve()));
  guardHttpServer(server, opts.log);
  refuseStrayUpgrades(server, ['/socket.io/']);
  const gateway = await createGateway({
    server,
    authority: httpAuthority(opts.apiUrl),
    publicUrl: opts.publicUrl,
    mqtt: mqttTarget({ mqttUrl: opts.mqttUrl, secret: opts.secret }),
    namespace: opts.namespace,
    redisUrl: opts.redisUrl,
    log: opts.log,
  });
  const port = (server.address() as AddressInfo).port;
  return {
    gateway,
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** SIGNING_SECRET, or the one `npm start` generated under DATA_DIR (needed for its embedded broker). */
function secretFromEnv(env: NodeJS.ProcessEnv): string {
  if (env.SIGNING_SECRET) return env.SIGNING_SECRET;
  const file = path.resolve(env.DATA_DIR ?? 'data', 'signing-secret');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
}

function jsonLog(level: string) {
  return (msg: string, f?: Record<string, unknown>) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, component: 'gateway', ...f }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const g = await startStandaloneGateway({
    port: Number(env.REALTIME_PORT ?? 3001),
    host: env.HOST || '127.0.0.1',
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    mqttUrl: env.MQTT_URL || `mqtt://127.0.0.1:${env.MQTT_PORT ?? 1884}`,
    secret: secretFromEnv(env),
    namespace: env.MQTT_NAMESPACE ?? '',
    redisUrl: env.REDIS_URL || undefined,
    log: { info: jsonLog('info'), warn: jsonLog('warn'), error: jsonLog('error') },
  });
  guardProcess({ warn: jsonLog('warn'), error: jsonLog('error') });
  console.log(`\n  Gateway en tiempo real escuchando en el puerto ${g.port}\n`);
  const stop = () =>
    void g.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
