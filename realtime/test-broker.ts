import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.ts';
import { mqttTarget, type MqttTarget } from './mqtt-link.ts';

/**
 * The broker a test talks to (docs/architecture.md §7): the embedded aedes broker by default, or MQTT_URL
 * (CI runs the suites again against Mosquitto). Each fixture has its own topic namespace, so test
 * files sharing one external broker never see each other's events. `stop()`/`start()` take the
 * broker away and bring it back on the same address: the embedded broker is really closed and
 * restarted; an external one is reached through a loopback TCP proxy that is cut and restored.
 */
export async function startTestBroker(secret = randomBytes(16).toString('hex')) {
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const external = process.env.MQTT_URL;
  let embedded: EmbeddedBroker | undefined;
  let proxy: ReturnType<typeof tcpProxy> | undefined;
  let port = 0;

  if (external) {
    const u = new URL(external);
    proxy = tcpProxy(u.hostname, Number(u.port || 1883));
    port = await proxy.listen(0);
  } else {
    embedded = await startEmbeddedBroker({ port: 0, secret, namespace });
    port = embedded.port;
  }
  const url = `mqtt://127.0.0.1:${port}`;
  const target: MqttTarget = external
    ? { ...mqttTarget({ mqttUrl: external, secret }), url }
    : mqttTarget({ embeddedUrl: url, secret });

  return {
    kind: external ? ('external' as const) : ('embedded' as const),
    secret,
    namespace,
    target,
    url,
    get embedded() {
      return embedded;
    },
    async stop() {
      if (embedded) {
        await embedded.close();
        embedded = undefined;
      } else await proxy!.close();
    },
    async start() {
      if (external) await proxy!.listen(port);
      else embedded = await startEmbeddedBroker({ port, secret, namespace });
    },
    async close() {
      if (embedded) await embedded.close();
      if (proxy) await proxy.close();
    },
  };
}
export type TestBroker = Awaited<ReturnType<typeof startTestBroker>>;

/** A loopback TCP proxy whose listener and live connections can be cut and restored. */
function tcpProxy(host: string, targetPort: number) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    listen(port: number) {
      server = net.createServer((inbound) => {
        const outbound = net.connect(targetPort, host);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
        const end = () => {
          inbound.destroy();
          outbound.destroy();
        };
        inbound.on('close', end);
        outbound.on('close', end);
      });
      return new Promise<number>((resolve) =>
        server!.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port)),
      );
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
