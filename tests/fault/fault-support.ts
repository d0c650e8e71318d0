import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { LiveEvent } from '#domain/realtime';
import { startTestBroker, type TestBroker } from '#realtime/test-broker';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { startRealtime, type Realtime } from '../../runtime/realtime.ts';
import { recordEvent, transactionWithEvents } from '../../server/src/events/outbox.ts';
import { createLiveClient, type LiveClient } from '../../client/src/realtime/live-client.ts';

/**
 * The app as `npm start` runs it, but with a broker the test can take away: the seeded API on a
 * loopback port, the test broker (embedded, or MQTT_URL through a cuttable proxy), the relay and
 * the notification consumer, and (unless `gateway: false`) the in-process Socket.IO gateway.
 */
export async function startFaultApp(opts: { gateway?: boolean } = {}) {
  const ctx: TestContext = await createTestContext();
  const broker: TestBroker = await startTestBroker(ctx.deps.config.signingSecret);
  ctx.deps.config = { ...ctx.deps.config, mqttUrl: broker.url };
  const server = http.createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realtime: Realtime = await startRealtime(ctx.deps, {
    server: opts.gateway === false ? undefined : server,
    pollMs: 100,
    settings: { mqttNamespace: broker.namespace },
  });
  const clients: LiveClient[] = [];
  return {
    ctx,
    broker,
    server,
    baseUrl,
    realtime,
    clients,
    /** One committed domain event in a project, as a command would write it. */
    write: (projectId: number, seq: number) =>
      transactionWithEvents(ctx.deps, (tx) =>
        recordEvent(tx, {
          type: 'fault.tick',
          companyId: ctx.seed.companyId,
          projectId,
          entity: { type: 'ticket', id: 1 },
          data: { seq },
        }),
      ),
    /**
     * The real browser client (client/src/realtime), in Node with the session cookie. `got` keeps the stream's own
     * events (fault.tick): whatever else the app publishes on the project's room is not counted.
     */
    client(url: string, cookie: string, rooms: string[]) {
      const got: LiveEvent[] = [];
      const c = createLiveClient({
        url,
        onEvent: (e) => {
          if (e.type === 'fault.tick') got.push(e);
        },
        onResync: () => undefined,
        socketOptions: {
          transports: ['websocket'],
          extraHeaders: { cookie },
          reconnectionDelay: 100,
          reconnectionDelayMax: 500,
        },
      });
      for (const room of rooms) c.join(room);
      clients.push(c);
      return { c, got };
    },
    async close() {
      clients.forEach((c) => c.close());
      await realtime.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await broker.close();
      await ctx.close();
    },
  };
}
export type FaultApp = Awaited<ReturnType<typeof startFaultApp>>;

export async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `total` events, one every `gapMs`, calling `at[i]` before event i (the fault). */
export async function stream(
  app: FaultApp,
  projectId: number,
  total: number,
  gapMs: number,
  at: Record<number, () => Promise<void>>,
) {
  const sent: number[] = [];
  for (let i = 0; i < total; i++) {
    if (at[i]) await at[i]();
    sent.push(await app.write(projectId, i));
    await sleep(gapMs);
  }
  return sent;
}
