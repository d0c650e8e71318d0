import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { WEBHOOK_LOG_MAX } from '#domain/limits';
import { webhookLogRowSchema, webhookTestResultSchema } from '#domain/webhooks-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { webhookDeliveries, webhookLogs } from '../../../db/schema/index.ts';
import { eventually, startReceiver, type Receiver } from './test/receiver.ts';
import { emitTicketEvents } from './test/events.ts';

let ctx: TestContext;
let admin: string;
let receiver: Receiver;
let secret = '';
let app: { id: number; hooks: { id: number; event: string }[] };
const base = 'configuracion/integraciones/webhooks';

beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.extras.webhookTuning = { retryDelaysMs: [30], timeoutMs: 2000 };
  admin = await ctx.login('admin');
  receiver = await startReceiver(() => secret);
  await ctx.request('PUT', `${base}/ajustes`, { cookie: admin, body: { enabled: true } });
  const res = await ctx.request('POST', `${base}/aplicaciones`, {
    cookie: admin,
    body: {
      name: 'Historial',
      hooks: [
        { event: 'ticket.created', url: receiver.url('/created') },
        { event: 'user.created', url: receiver.url('/users') },
      ],
    },
  });
  secret = res.json.secret;
  app = res.json.data;
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const history = (query = '') => ctx.request('GET', `${base}/historial${query}`, { cookie: admin });
/** Emits `n` ticket.created events and waits until they are delivered; their deliveries, oldest first. */
async function emitAndDeliver(n: number) {
  const ids = await emitTicketEvents(ctx, n, 'ticket.created');
  const mine = async () =>
    (await deliveries()).filter((d) => d.outboxId !== null && ids.includes(d.outboxId)).sort((a, b) => a.id - b.id);
  await eventually(async () => (await mine()).filter((d) => d.status === 'entregado').length === n);
  return mine();
}
const deliveries = () => ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.applicationId, app.id));

describe('webhook history (docs/product.md §2 Historial, §9)', () => {
  it('lists attempts newest first with the §3 fields, filtered by application, event and status', async () => {
    receiver.answer((r) =>
      r.payload.type === 'user.created' ? { status: 503, body: '' } : { status: 200, body: '{"ok":1}' },
    );
    await emitTicketEvents(ctx, 2, 'ticket.created');
    await emitTicketEvents(ctx, 1, 'user.created');
    // One read per check: two reads could see no delivery yet (so "none pending") and then three new ones.
    await eventually(async () => {
      const now = await deliveries();
      return now.length === 3 && now.every((d) => d.status !== 'pendiente');
    });
    const all = await history();
    expect(all.status).toBe(200);
    for (const row of all.json.data) webhookLogRowSchema.parse(row);
    const times = all.json.data.map((r: { date_time: string }) => r.date_time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.json.data[0]).toMatchObject({ application: { id: app.id, name: 'Historial' } });
    const failed = await history(`?status=fallido&event=user.created&application_id=${app.id}`);
    expect(failed.json.data).toHaveLength(2);
    expect(
      failed.json.data.every(
        (r: { status: string; event: string }) => r.status === 'fallido' && r.event === 'user.created',
      ),
    ).toBe(true);
    expect((await history('?status=otro')).status).toBe(422);
  });

  it(`shows at most ${WEBHOOK_LOG_MAX} records`, async () => {
    const [one] = await ctx.db.select().from(webhookLogs).limit(1);
    const { id: _id, ...copy } = one;
    await ctx.db.insert(webhookLogs).values(Array.from({ length: WEBHOOK_LOG_MAX + 5 }, () => copy));
    expect((await history()).json.data).toHaveLength(WEBHOOK_LOG_MAX);
  });

  it('replays one delivery: a new attempt with the same webhook-id (its event enabled again first)', async () => {
    receiver.answer(() => ({ status: 200, body: '{}' }));
    const [failed] = (await deliveries()).filter((d) => d.status === 'fallido');
    const replay = () => ctx.request('POST', `${base}/historial/${failed.id}/reenviar`, { cookie: admin });
    // Its last attempt failed, so the machine disabled the event: a replay waits for it to be enabled.
    expect((await replay()).status).toBe(409);
    await ctx.request('POST', `${base}/eventos/${failed.hookId}/habilitar`, { cookie: admin });
    expect((await replay()).json.data).toEqual({ queued: 1 });
    await eventually(async () => (await deliveries()).find((d) => d.id === failed.id)!.status === 'entregado');
    expect(receiver.seen.has(failed.messageId)).toBe(true);
    const attempts = await ctx.db.select().from(webhookLogs).where(eq(webhookLogs.deliveryId, failed.id));
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2, 3]);
  });

  it('replays every failed delivery since a moment', async () => {
    const since = new Date();
    const [older, ...recent] = await emitAndDeliver(3);
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'fallido', createdAt: new Date(since.getTime() - 60_000) })
      .where(eq(webhookDeliveries.id, older.id));
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'fallido' })
      .where(
        inArray(
          webhookDeliveries.id,
          recent.map((d) => d.id),
        ),
      );
    const res = await ctx.request('POST', `${base}/historial/reenviar-fallidos`, {
      cookie: admin,
      body: { since: since.toISOString() },
    });
    expect(res.json.data).toEqual({ queued: 2 });
    await eventually(async () => (await deliveries()).filter((d) => d.status === 'fallido').length === 1);
    const bad = await ctx.request('POST', `${base}/historial/reenviar-fallidos`, {
      cookie: admin,
      body: { since: 'ayer' },
    });
    expect(bad.status).toBe(422);
  });

  it("keeps another company's history and deliveries out of reach", async () => {
    const other = await ctx.login('otra');
    expect((await ctx.request('GET', `${base}/historial`, { cookie: other })).json.data).toEqual([]);
    const [d] = await deliveries();
    expect((await ctx.request('POST', `${base}/historial/${d.id}/reenviar`, { cookie: other })).status).toBe(404);
  });
});

describe('webhook test event (docs/product.md §2 test-event dialog)', () => {
  it('sends a signed sample at once and answers status, latency and body', async () => {
    receiver.answer(() => ({ status: 202, body: '{"accepted":true}' }));
    const res = await ctx.request('POST', `${base}/aplicaciones/${app.id}/probar`, {
      cookie: admin,
      body: { event: 'ticket.created' },
    });
    expect(res.status).toBe(200);
    const result = webhookTestResultSchema.parse(res.json.data);
    expect(result).toMatchObject({ ok: true, http_status: 202, response: '{"accepted":true}', error: null });
    expect(receiver.seen.get(result.message_id)?.payload).toMatchObject({ type: 'ticket.created' });
    expect(receiver.badSignatures).toBe(0);
  });

  it('reports a receiver that does not answer, and refuses an event the application lacks', async () => {
    await receiver.down();
    const res = await ctx.request('POST', `${base}/aplicaciones/${app.id}/probar`, {
      cookie: admin,
      body: { event: 'user.created' },
    });
    expect(res.json.data).toMatchObject({ ok: false, http_status: null });
    expect(res.json.data.error).toBeTruthy();
    await receiver.up();
    const lacking = await ctx.request('POST', `${base}/aplicaciones/${app.id}/probar`, {
      cookie: admin,
      body: { event: 'order.confirmed' },
    });
    expect(lacking.status).toBe(422);
  });
});
