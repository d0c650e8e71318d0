import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_ATTEMPTS } from '#domain/retries';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { integrationJobs, integrations, outbox } from '../../../db/schema/index.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { outboundRequest } from '../../../lib/outbound.ts';
import { runDueJobs, syncConsumer, SyncError, type SyncHandler } from './jobs.ts';

let ctx: TestContext;
let admin: string;
let receiver: http.Server;
let url: string;
let answers: number[] = [];
const received: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/observaciones`;
}, 180_000);
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
  await ctx?.close();
});

/** A platform that receives one observation per created ticket: the shape HubSpot and Procore follow. */
const handler: SyncHandler = {
  kind: 'procore',
  jobsFor: async (_tx, event) =>
    event.type === 'ticket.created'
      ? [
          {
            action: 'observation.create',
            dedupeKey: `outbox:${event.id}`,
            payload: { ticketId: (event.payload.entity as { id: number }).id },
          },
        ]
      : [],
  perform: async (deps, job) => {
    const res = await outboundRequest({ url, body: JSON.stringify(job.payload), allow: deps.config.outboundAllow });
    const body = res.body.toString();
    if (res.status >= 400)
      throw new SyncError(`HTTP ${res.status}`, { retry: res.status >= 500, statusCode: res.status, body });
    return { statusCode: res.status, body, result: { remoteId: 'obs-1' } };
  },
};

async function emitTicketCreated(companyId: number, ticketId: number) {
  const events = await ctx.db.transaction(async (tx) => {
    const id = await recordEvent(tx, { type: 'ticket.created', companyId, entity: { type: 'ticket', id: ticketId } });
    const rows = await tx.select().from(outbox).where(eq(outbox.id, id));
    await syncConsumer(handler)(ctx.deps)(tx, rows);
    return rows;
  });
  return events[0];
}

const setState = (companyId: number, state: 'activa' | 'inactiva') =>
  ctx.db
    .insert(integrations)
    .values({ companyId, kind: 'procore', state })
    .onConflictDoUpdate({ target: [integrations.companyId, integrations.kind], set: { state } });

const jobsOf = (companyId: number) =>
  ctx.db
    .select()
    .from(integrationJobs)
    .where(and(eq(integrationJobs.companyId, companyId), eq(integrationJobs.kind, 'procore')));

describe('integration sync jobs (docs/product.md §1 CRM and platform, §8 retries)', () => {
  it('asks nothing while the integration is not active, and once per event while it is', async () => {
    await setState(ctx.seed.companyId, 'inactiva');
    await emitTicketCreated(ctx.seed.companyId, 1);
    expect(await jobsOf(ctx.seed.companyId)).toHaveLength(0);
    await setState(ctx.seed.companyId, 'activa');
    const event = await emitTicketCreated(ctx.seed.companyId, 2);
    await ctx.db.transaction((tx) => syncConsumer(handler)(ctx.deps)(tx, [event]));
    expect(await jobsOf(ctx.seed.companyId)).toHaveLength(1);
  });

  it('retries a failed call with backoff and logs each attempt', async () => {
    answers = [503];
    const now = new Date();
    expect(await runDueJobs(ctx.deps, handler, now, () => 0.5)).toEqual({ done: 0, failed: 1, paused: 0 });
    const [waiting] = await jobsOf(ctx.seed.companyId);
    expect(waiting).toMatchObject({ state: 'pendiente', attempts: 1, lastError: 'HTTP 503' });
    expect(waiting.nextAttemptAt.getTime() - now.getTime()).toBe(5_000);
    expect(await runDueJobs(ctx.deps, handler, now)).toEqual({ done: 0, failed: 0, paused: 0 });
    expect(await runDueJobs(ctx.deps, handler, new Date(now.getTime() + 5_000))).toEqual({
      done: 1,
      failed: 0,
      paused: 0,
    });
    const [done] = await jobsOf(ctx.seed.companyId);
    expect(done).toMatchObject({ state: 'hecho', attempts: 2, result: { remoteId: 'obs-1' } });
    const log = await ctx.request('GET', 'configuracion/integraciones/procore/registro', { cookie: admin });
    expect(log.status).toBe(200);
    expect(log.json.data).toMatchObject({ pending: 0, failed: 0 });
    expect(log.json.data.rows.map((r: { ok: boolean; attempt: number }) => [r.ok, r.attempt])).toEqual([
      [true, 2],
      [false, 1],
    ]);
    expect(log.json.data.rows[1]).toMatchObject({ status_code: 503, response: { status: 503 }, job_state: 'hecho' });
  });

  it('gives up after the last attempt or on an answer that will not change, and retries by hand', async () => {
    await emitTicketCreated(ctx.seed.companyId, 3);
    answers = [422];
    await runDueJobs(ctx.deps, handler, new Date());
    const failed = (await jobsOf(ctx.seed.companyId)).find((j) => j.state !== 'hecho')!;
    expect(failed).toMatchObject({ state: 'fallido', attempts: 1 });
    await ctx.db
      .update(integrationJobs)
      .set({ state: 'pendiente', attempts: MAX_ATTEMPTS - 1 })
      .where(eq(integrationJobs.id, failed.id));
    answers = [500];
    await runDueJobs(ctx.deps, handler, new Date());
    expect((await jobsOf(ctx.seed.companyId)).find((j) => j.id === failed.id)).toMatchObject({
      state: 'fallido',
      attempts: MAX_ATTEMPTS,
    });

    const retry = (cookie: string) =>
      ctx.request('POST', `configuracion/integraciones/procore/registro/${failed.id}/reintentar`, { cookie, body: {} });
    expect((await retry(await ctx.login('otra'))).status).toBe(404);
    expect((await retry(await ctx.login('agente'))).status).toBe(403);
    expect((await retry(admin)).status).toBe(200);
    expect((await retry(admin)).status).toBe(409);
    await runDueJobs(ctx.deps, handler, new Date());
    expect((await jobsOf(ctx.seed.companyId)).find((j) => j.id === failed.id)).toMatchObject({
      state: 'hecho',
      attempts: 1,
    });
  });

  it('lets jobs wait while the integration is off, without spending attempts', async () => {
    await emitTicketCreated(ctx.seed.companyId, 4);
    await setState(ctx.seed.companyId, 'inactiva');
    expect(await runDueJobs(ctx.deps, handler, new Date())).toEqual({ done: 0, failed: 0, paused: 1 });
    const waiting = (await jobsOf(ctx.seed.companyId)).find((j) => j.state === 'pendiente')!;
    expect(waiting.attempts).toBe(0);
  });
});
