import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createTestContext } from '../server/src/test-support.ts';
import { startRealtime } from './realtime.ts';

/**
 * The seeded test app of server/src/test-support.ts with realtime as `npm start` runs it
 * (docs/architecture.md §5): on a loopback port, with its broker (embedded, or MQTT_URL under a
 * private topic namespace), relay, notification consumer and Socket.IO gateway.
 */
export async function createRealtimeTestContext(opts: { clientDir?: string } = {}) {
  const ctx = await createTestContext(opts);
  const server = http.createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realtime = await startRealtime(ctx.deps, {
    server,
    pollMs: 100,
    settings: { mqttPort: 0, mqttNamespace: `t${randomBytes(4).toString('hex')}` },
  });

  async function close() {
    await realtime.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.close();
  }

  return { ...ctx, close, realtime, baseUrl };
}
export type RealtimeTestContext = Awaited<ReturnType<typeof createRealtimeTestContext>>;
