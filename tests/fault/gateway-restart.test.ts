import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandaloneGateway } from '#realtime/standalone';
import { sleep, startFaultApp, stream, until, type FaultApp } from './fault-support.ts';

// A gateway restarted mid-stream; events sent and received are equal. The gateway runs
// alone (`npm run start:realtime` shape): sessions, rooms and replay come from the API over HTTP.
let app: FaultApp;
type Standalone = Awaited<ReturnType<typeof startStandaloneGateway>>;
let gateway: Standalone | undefined;
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string, f?: object) => console.error(m, f) };

const startGateway = (port: number) =>
  startStandaloneGateway({
    port,
    host: '127.0.0.1',
    apiUrl: app.baseUrl,
    mqttUrl: app.broker.url,
    secret: app.ctx.deps.config.signingSecret,
    namespace: app.broker.namespace,
    redisUrl: process.env.REDIS_URL,
    log: quiet,
  });

beforeAll(async () => {
  app = await startFaultApp({ gateway: false });
  gateway = await startGateway(0);
});
afterAll(async () => {
  await gateway?.close();
  await app?.close();
});

describe('gateway restart mid-stream (standalone gateway, API over HTTP)', () => {
  it('clients reconnect to the restarted gateway and receive every event exactly once', async () => {
    const [p0, p1] = app.ctx.seed.projectIds;
    const port = gateway!.port;
    const url = `http://127.0.0.1:${port}`;
    const [admin, agente] = await Promise.all([app.ctx.login('admin'), app.ctx.login('agente')]);
    const a = app.client(url, admin, [`project:${p0}`]);
    const b = app.client(url, agente, [`project:${p0}`, `project:${p1}`]);
    await until(() => a.c.state === 'connected' && b.c.state === 'connected', 10_000, 'clients to connect');
    await sleep(300);

    const sent = await stream(app, p0, 120, 15, {
      40: async () => {
        await gateway!.close();
        gateway = undefined;
      },
      80: async () => {
        gateway = await startGateway(port);
      },
    });

    await until(() => a.got.length >= sent.length && b.got.length >= sent.length, 40_000, 'both clients to catch up');
    await sleep(300);
    for (const { got } of [a, b]) {
      expect(got.length).toBe(sent.length);
      expect(new Set(got.map((e) => e.id))).toEqual(new Set(sent));
    }
    console.log(`gateway restart: sent ${sent.length}, received ${a.got.length} / ${b.got.length} (2 clients)`);
  }, 90_000);

  it('the standalone gateway refuses a connection without a session, like the in-process one', async () => {
    const { c } = app.client(`http://127.0.0.1:${gateway!.port}`, 'qa_session=nope', []);
    await until(() => c.state === 'offline', 10_000, 'refusal');
  });
});
