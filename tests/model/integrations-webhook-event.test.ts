import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookEventMachine, type WebhookEventEvent } from '#machines/webhook-event';
import { webhookEventCommands } from '#domain/webhooks';
import { maxAttemptsOf } from '#domain/retries';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { webhookHooks } from '../../server/src/db/schema/index.ts';
import {
  eventually,
  startReceiver,
  type Receiver,
} from '../../server/src/modules/integrations/webhooks/test/receiver.ts';
import { emitTicketEvents } from '../../server/src/modules/integrations/webhooks/test/events.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 Webhook event: every generated path of the webhook-event machine, driven through the real API. */
const RETRIES = [20, 20];
const MAX_ATTEMPTS = maxAttemptsOf(RETRIES);
const samples: WebhookEventEvent[] = [
  { type: 'webhook.disable' },
  { type: 'webhook.enable' },
  { type: 'webhook.deliveryFailed', attempt: MAX_ATTEMPTS, maxAttempts: MAX_ATTEMPTS },
];
const paths = apiPaths(webhookEventMachine, samples, (c: { disabledReason: unknown }) => c.disabledReason);
const coverage = apiCoverage(webhookEventMachine, webhookEventCommands);
const base = 'configuracion/integraciones/webhooks';

let ctx: TestContext;
let cookie: string;
let receiver: Receiver;
let secret = '';
let serial = 0;
beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.extras.webhookTuning = { retryDelaysMs: RETRIES, timeoutMs: 2000 };
  cookie = await ctx.login('admin');
  receiver = await startReceiver(() => secret);
  // Every delivery fails: the only way a hook receives deliveryFailed is its attempts running out.
  receiver.answer(() => ({ status: 500, body: '' }));
  await ctx.request('PUT', `${base}/ajustes`, { cookie, body: { enabled: true } });
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const hookOf = async (id: number) => (await ctx.db.select().from(webhookHooks).where(eq(webhookHooks.id, id)))[0];

/** One machine event as the screens send it, or, for deliveryFailed, an event whose every attempt fails. */
async function send(hookId: number, event: WebhookEventEvent) {
  if (event.type !== 'webhook.deliveryFailed') {
    const verb = webhookEventCommands[event.type].verb;
    return ctx.request('POST', `${base}/eventos/${hookId}/${verb}`, { cookie, body: {} });
  }
  await emitTicketEvents(ctx, 1, 'user.created');
  await eventually(async () => (await hookOf(hookId)).state === 'deshabilitado');
  return { status: 200, text: '' };
}

describe('webhook-event machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const created = await ctx.request('POST', `${base}/aplicaciones`, {
      cookie,
      body: { name: `Modelo ${++serial}`, hooks: [{ event: 'user.created', url: receiver.url(`/m${serial}`) }] },
    });
    secret = created.json.secret;
    const hookId = created.json.data.hooks[0].id as number;
    for (const step of path.steps) {
      const res = await send(hookId, step.event as WebhookEventEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const hook = await hookOf(hookId);
      expect(hook.state).toBe(step.after.value);
      expect(hook.disabledReason ?? null).toBe(step.after.context.disabledReason);
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state, and stores nothing.
    const final = path.steps.at(-1)!.after;
    const refused = samples.find((e) => !final.can(e) && e.type !== 'webhook.deliveryFailed');
    if (refused) {
      const before = await hookOf(hookId);
      const res = await send(hookId, refused);
      expect(res.status, `${refused.type} refused: ${res.text}`).toBe(409);
      expect((await hookOf(hookId)).state).toBe(before.state);
    }
    // Turn it off for good so later paths' events do not keep it busy.
    if ((await hookOf(hookId)).state === 'activo') await send(hookId, { type: 'webhook.disable' });
  });

  it('walked every transition of the webhook-event machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
