import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { notifications, webhookDeliveries, webhookHooks, webhookLogs } from '../../../db/schema/index.ts';
import { eventually, startReceiver, type Receiver } from './test/receiver.ts';
import { emitTicketEvents } from './test/events.ts';
import { storableResponse } from './response-body.ts';

let ctx: TestContext;
let admin: string;
let receiver: Receiver;
const secrets: Record<string, string> = {};
const base = 'configuracion/integraciones/webhooks';

beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  // Retries in milliseconds instead of hours (domain/webhooks.ts holds the real schedule).
  ctx.deps.extras.webhookTuning = { retryDelaysMs: [40, 80, 120, 160, 200, 250, 300], timeoutMs: 2000 };
  admin = await ctx.login('admin');
  receiver = await startReceiver(() => secrets.current);
  await ctx.request('PUT', `${base}/ajustes`, { cookie: admin, body: { enabled: true } });
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

async function createApp(name: string, hooks: { event: string; path: string }[]) {
  const res = await ctx.request('POST', `${base}/aplicaciones`, {
    cookie: admin,
    body: { name, hooks: hooks.map((h) => ({ event: h.event, url: receiver.url(h.path) })) },
  });
  expect(res.status).toBe(201);
  secrets.current = res.json.secret;
  return res.json.data as { id: number; hooks: { id: number; event: string }[] };
}

const deliveriesOf = (appId: number) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.applicationId, appId));

describe('webhook delivery (docs/product.md §4, §8; docs/api.md Webhooks)', () => {
  it('delivers every event once per webhook-id, signed, through a receiver outage', async () => {
    const app = await createApp('Caída', [{ event: 'ticket.created', path: '/down-up' }]);
    await receiver.down();
    const ids = await emitTicketEvents(ctx, 25);
    // Every delivery fails at least twice while the receiver is down.
    await eventually(async () => {
      const rows = await deliveriesOf(app.id);
      return rows.length === 25 && rows.every((d) => d.attempts >= 2);
    });
    await receiver.up();
    await eventually(async () => (await deliveriesOf(app.id)).every((d) => d.status === 'entregado'));
    const wanted = ids.map((id) => `msg_${id}`);
    expect(wanted.every((id) => receiver.seen.has(id))).toBe(true);
    expect(receiver.duplicates).toBe(0);
    expect(receiver.badSignatures).toBe(0);
    const sample = receiver.seen.get(wanted[0])!.payload;
    expect(sample).toMatchObject({
      type: 'ticket.created',
      data: { object: 'ticket', id: 5000, project_id: ctx.seed.projectIds[0], attributes: { code: 'PV-5000' } },
    });
    // Never the notify list, internal flags nor what only staff screens read.
    const body = receiver.seen.get(wanted[0])!.body;
    expect(body).not.toMatch(/notify|ownerNotifiable|\/warranties|Javiera/i);
    const logs = await ctx.db.select().from(webhookLogs).where(eq(webhookLogs.applicationId, app.id));
    expect(logs.filter((l) => l.status === 'fallido').length).toBeGreaterThanOrEqual(50);
    expect(logs.filter((l) => l.status === 'entregado')).toHaveLength(25);
    expect(logs.every((l) => l.module === 'postventa' && l.signature.startsWith('v1,'))).toBe(true);
  }, 60_000);

  it('queues nothing for events nobody subscribed to, nor while webhooks are off', async () => {
    const app = await createApp('Apagado', [{ event: 'user.created', path: '/off' }]);
    await emitTicketEvents(ctx, 2, 'ticket.created');
    await ctx.request('PUT', `${base}/ajustes`, { cookie: admin, body: { enabled: false } });
    await emitTicketEvents(ctx, 3, 'user.created');
    await ctx.events!.consumer('webhooks').idle();
    expect(await deliveriesOf(app.id)).toEqual([]);
    await ctx.request('PUT', `${base}/ajustes`, { cookie: admin, body: { enabled: true } });
    await emitTicketEvents(ctx, 1, 'user.created');
    await eventually(async () => (await deliveriesOf(app.id)).some((d) => d.status === 'entregado'));
    expect(await deliveriesOf(app.id)).toHaveLength(1);
  });

  it('disables the event when every attempt fails and notifies the administrators', async () => {
    const app = await createApp('Rota', [{ event: 'ticket.state_changed', path: '/broken' }]);
    receiver.answer((r) =>
      r.payload.type === 'ticket.state_changed' ? { status: 500, body: 'boom' } : { status: 200, body: '{}' },
    );
    await emitTicketEvents(ctx, 1, 'ticket.state_changed');
    const hookId = app.hooks[0].id;
    await eventually(async () => {
      const [hook] = await ctx.db.select().from(webhookHooks).where(eq(webhookHooks.id, hookId));
      return hook.state === 'deshabilitado';
    });
    const [hook] = await ctx.db.select().from(webhookHooks).where(eq(webhookHooks.id, hookId));
    expect(hook.disabledReason).toBe('delivery_failures');
    const [delivery] = await deliveriesOf(app.id);
    expect(delivery).toMatchObject({ status: 'fallido', attempts: 8 });
    await eventually(async () => {
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'webhook.disabled'), eq(notifications.companyId, ctx.seed.companyId)));
      return rows.length > 0;
    });
    const list = await ctx.request('GET', 'notificaciones', { cookie: admin });
    expect(JSON.stringify(list.json)).toContain('ticket.state_changed (Rota)');
    receiver.answer(() => ({ status: 200, body: '{"ok":true}' }));
  }, 30_000);

  it('keeps the answer only when it is valid JSON of at most 50 KB (docs/product.md §5)', async () => {
    const app = await createApp('Respuestas', [{ event: 'user.disabled', path: '/answers' }]);
    const answers = ['{"received":true}', 'OK, gracias', JSON.stringify({ big: 'x'.repeat(51 * 1024) })];
    let n = 0;
    receiver.answer(() => ({ status: 200, body: answers[n++ % answers.length] }));
    await emitTicketEvents(ctx, 3, 'user.disabled');
    await eventually(async () => (await deliveriesOf(app.id)).filter((d) => d.status === 'entregado').length === 3);
    const ids = (await deliveriesOf(app.id)).map((d) => d.id);
    const logs = await ctx.db.select().from(webhookLogs).where(inArray(webhookLogs.deliveryId, ids));
    expect(logs.map((l) => l.response).sort()).toEqual(['{"received":true}', null, null].sort());
    receiver.answer(() => ({ status: 200, body: '{"ok":true}' }));
  });

  it('storableResponse: JSON up to exactly 50 KB, nothing else', () => {
    const at = (n: number) => Buffer.from(JSON.stringify('a'.repeat(n - 2)));
    expect(storableResponse(at(50 * 1024))).not.toBeNull();
    expect(storableResponse(at(50 * 1024 + 1))).toBeNull();
    expect(storableResponse(Buffer.from('<html/>'))).toBeNull();
    expect(storableResponse(Buffer.from(''))).toBeNull();
    expect(storableResponse(Buffer.from('{"a":1}'), true)).toBeNull();
  });
});
