import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { outbox } from '../../server/src/db/schema/index.ts';
import { sleep, startFaultApp, stream, until, type FaultApp } from './fault-support.ts';

// The broker stopped and restarted mid-stream; events sent and received are equal.
let app: FaultApp;

beforeAll(async () => {
  app = await startFaultApp();
});
afterAll(async () => app?.close());

describe(`broker restart mid-stream (${process.env.MQTT_URL ? 'external broker behind a cut proxy' : 'embedded aedes, really closed'})`, () => {
  it('every committed event reaches every client exactly once', async () => {
    const [p0] = app.ctx.seed.projectIds;
    const [admin, agente] = await Promise.all([app.ctx.login('admin'), app.ctx.login('agente')]);
    const clients = [
      app.client(app.baseUrl, admin, [`project:${p0}`]),
      app.client(app.baseUrl, agente, [`project:${p0}`]),
      app.client(app.baseUrl, admin, [`project:${p0}`]),
    ];
    await until(() => clients.every(({ c }) => c.state === 'connected'), 10_000, 'clients to connect');
    await sleep(200); // rooms joined

    const sent = await stream(app, p0, 120, 15, {
      40: async () => {
        await app.broker.stop();
      },
      80: async () => {
        await app.broker.start();
      },
    });

    await until(() => clients.every(({ got }) => got.length >= sent.length), 40_000, 'every client to catch up');
    await sleep(300);
    for (const { got } of clients) {
      expect(got.length).toBe(sent.length);
      expect(new Set(got.map((e) => e.id))).toEqual(new Set(sent));
    }
    expect(await app.ctx.db.select().from(outbox).where(isNull(outbox.publishedAt))).toHaveLength(0);
    console.log(
      `broker restart: sent ${sent.length}, received ${clients.map(({ got }) => got.length).join(' / ')} (3 clients)`,
    );
  }, 90_000);
});
