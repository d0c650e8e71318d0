import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inArray, isNull } from 'drizzle-orm';
import type { LiveEvent } from '#domain/realtime';
import { connectMqtt, type MqttLink } from '#realtime/mqtt-link';
import { allEventsFilter, canonicalTopic } from '#domain/realtime-topics';
import { startTestBroker, type TestBroker } from '#realtime/test-broker';
import { createTestContext, type TestContext } from '../server/src/test-support.ts';
import { outbox } from '../server/src/db/schema/index.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { recordEvent } from '../server/src/events/outbox.ts';
import { createOutboxRelay, type OutboxRelay } from '../server/src/events/relay.ts';

let ctx: TestContext;
let broker: TestBroker;
let subscriber: MqttLink;
const received: { topic: string; event: LiveEvent }[] = [];
const links: MqttLink[] = [];
const relays: OutboxRelay[] = [];
const log = createLogger('silent');

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function writeEvents(n: number, label: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await ctx.db.transaction((tx) =>
        recordEvent(tx, {
          type: 'test.happened',
          companyId: ctx.seed.companyId,
          projectId: ctx.seed.projectIds[0],
          entity: { type: 'ticket', id: i + 1 },
          data: { label, i },
        }),
      ),
    );
  }
  return ids;
}

function relay(batch?: number, reconnectMs = 100) {
  const link = connectMqtt(broker.target, `relay-${links.length}-${broker.namespace}`, { reconnectMs });
  links.push(link);
  const r = createOutboxRelay({
    db: ctx.db,
    publisher: link,
    log,
    namespace: broker.namespace,
    pollMs: 100,
    maxBackoffMs: 300,
    batch,
  });
  relays.push(r);
  return r;
}
const receivedIds = (label: string) => received.filter((r) => r.event.data.label === label).map((r) => r.event.id);

beforeAll(async () => {
  ctx = await createTestContext();
  broker = await startTestBroker();
  subscriber = connectMqtt(broker.target, `sub-${broker.namespace}`, { reconnectMs: 100 });
  subscriber.client.on('message', (topic, payload) => {
    received.push({ topic: canonicalTopic(topic, broker.namespace)!, event: JSON.parse(payload.toString()) });
  });
  await until(() => subscriber.connected);
  await subscriber.client.subscribeAsync(allEventsFilter(broker.namespace), { qos: 1 });
});
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
  await Promise.all(links.splice(0).map((l) => l.close()));
});
afterAll(async () => {
  await subscriber?.close();
  await broker?.close();
  await ctx?.close();
});

describe(`outbox relay (docs/architecture.md §5 step 3) on the ${process.env.MQTT_URL ? 'external' : 'embedded'} broker`, () => {
  it('publishes committed events in id order to their topics and marks them published after the PUBACK', async () => {
    const ids = await writeEvents(30, 'order');
    const r = relay(7); // several batches
    r.start();
    await until(() => receivedIds('order').length === 30);
    expect(receivedIds('order')).toEqual(ids);
    const first = received.find((x) => x.event.id === ids[0])!;
    expect(first.topic).toBe(`qa/${ctx.seed.companyId}/projects/${ctx.seed.projectIds[0]}/tickets/1`);
    expect(first.event).toMatchObject({
      type: 'test.happened',
      companyId: ctx.seed.companyId,
      entity: { type: 'ticket', id: 1 },
      data: { label: 'order', i: 0 },
    });
    await r.idle();
    const pending = await ctx.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(pending.every((row) => row.publishedAt !== null)).toBe(true);
  });

  it('keeps events unpublished while the broker is down, retries with backoff and delivers them all once it is back', async () => {
    // The relay comes back after the test's subscriber has re-subscribed (a restarted broker keeps
    // no subscriptions); gateways cover that window with their gap replay (fault tests).
    const r = relay(undefined, 1500);
    r.start();
    await r.idle();
    await broker.stop();
    const ids = await writeEvents(10, 'outage');
    r.wake();
    await until(() => r.isRetrying);
    const stillPending = await ctx.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt));
    expect(stillPending.map((p) => p.id)).toEqual(ids);
    await broker.start();
    await until(() => new Set(receivedIds('outage')).size === 10, 20_000);
    expect([...new Set(receivedIds('outage'))].sort((a, b) => a - b)).toEqual(ids);
    await until(() => !r.isRetrying);
    await r.idle();
    expect(await ctx.db.select().from(outbox).where(isNull(outbox.publishedAt))).toHaveLength(0);
  });

  it('two relays on one database (two app processes) publish each event exactly once, in order', async () => {
    const a = relay(5);
    const b = relay(5);
    a.start();
    b.start();
    await Promise.all([a.idle(), b.idle()]);
    const ids = await writeEvents(25, 'pair');
    a.wake();
    b.wake();
    await until(() => receivedIds('pair').length >= 25);
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would arrive within this
    expect(receivedIds('pair')).toEqual(ids);
    expect(a.published + b.published).toBe(25);
  });
});
