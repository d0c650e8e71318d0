import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { activityLog, outbox, tickets } from '../../../db/schema/index.ts';
import { demoIds, newTicket, ticketBody, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
let failureTypeIds: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
  failureTypeIds = tree.areas.flatMap((a: any) =>
    a.places.flatMap((p: any) => p.items.flatMap((i: any) => i.failures.map((f: any) => f.id))),
  );
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const slot = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(13, 0, 0, 0);
  return d.toISOString();
};
const detail = async (id: number) =>
  (await ctx.request('GET', `postventa/solicitudes/${id}`, { cookie: agent })).json.data;
const listRow = async (id: number) =>
  (await ctx.request('GET', `postventa/solicitudes?rowsPerPage=200`, { cookie: agent })).json.data.find(
    (r: any) => r.id === id,
  );
async function addFailures(ticketId: number, n: number) {
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas`, {
      cookie: agent,
      body: { failure_type_id: failureTypeIds[k] },
    });
    out.push(res.json.data.id);
  }
  return out;
}
const outcome = (ticketId: number, failureId: number, value: string) =>
  ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas/${failureId}/resultado`, {
    cookie: agent,
    body: { outcome: value },
  });

describe('the work moves the ticket (docs/product.md §4 Ticket states, "The work moves the ticket")', () => {
  for (const start of ['nueva', 'abierta'] as const) {
    it(`scheduling a visit moves a ticket from ${start} to en_proceso, with its history row and ticket.state_changed`, async () => {
      const t = await newTicket(ctx, agent, ids, start === 'abierta' ? { state: 'abierta' } : {});
      expect(t.state).toBe(start);
      const failureIds = await addFailures(t.id, 1);
      const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/oi`, {
        cookie: agent,
        body: { responsible_id: ids.agente, failure_ids: failureIds, start_at: slot(3), duration_minutes: 60 },
      });
      expect(res.status).toBe(201);
      expect((await detail(t.id)).state).toBe('en_proceso');
      const [history] = await ctx.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.entityId, t.id), eq(activityLog.action, 'ticket.startProgress')));
      expect(history).toMatchObject({ fromState: start, toState: 'en_proceso', userId: ids.agente });
      const [event] = await ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.type, 'ticket.state_changed'))
        .orderBy(desc(outbox.id))
        .limit(1);
      expect((event.payload as any).entity.id).toBe(t.id);
      expect((event.payload as any).data).toMatchObject({ state: 'en_proceso', orderId: res.json.data.id });
    });
  }

  it('a postponed ticket is not moved: the schedule lock refuses the visit and the state stays', async () => {
    const t = await newTicket(ctx, agent, ids);
    const failureIds = await addFailures(t.id, 1);
    await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent, body: {} });
    const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/oi`, {
      cookie: agent,
      body: { responsible_id: ids.agente, failure_ids: failureIds, start_at: slot(3), duration_minutes: 60 },
    });
    expect(res.status).toBe(409);
    expect((await detail(t.id)).state).toBe('postergada');
  });

  it('when every failure is dealt with and every AC conforms the ticket is proposed for resolution, never resolved by itself', async () => {
    const t = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
    const [a, b] = await addFailures(t.id, 2);
    expect((await detail(t.id)).ready_to_resolve).toBe(false);
    await outcome(t.id, a, 'cumple');
    expect((await detail(t.id)).ready_to_resolve).toBe(false);
    const solved = await outcome(t.id, b, 'solucionada');
    // Solved, but its AC still awaits the owner's conformity.
    expect((await detail(t.id)).ready_to_resolve).toBe(false);
    expect((await listRow(t.id)).ready_to_resolve).toBe(false);
    await ctx.request('POST', `postventa/solicitudes/${t.id}/ac/${solved.json.data.ac_id}/responder`, {
      cookie: agent,
      body: { result: 'conforme' },
    });
    const ready = await detail(t.id);
    expect(ready).toMatchObject({ state: 'en_proceso', ready_to_resolve: true });
    expect((await listRow(t.id)).ready_to_resolve).toBe(true);
    const resolved = await ctx.request('POST', `postventa/solicitudes/${t.id}/resolver`, { cookie: agent, body: {} });
    expect(resolved.status).toBe(200);
    expect(await detail(t.id)).toMatchObject({ state: 'resuelta', ready_to_resolve: false });
  });

  it('a ticket without failures is never proposed', async () => {
    const t = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
    expect((await detail(t.id)).ready_to_resolve).toBe(false);
  });
});

describe('a ticket and its failures in one step (docs/product.md#ticket-screens)', () => {
  it('creates the ticket with its failures, descriptions and photos in one transaction', async () => {
    const photo = await uploadPhoto(ctx, agent);
    const res = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, {
        failures: [
          { failure_type_id: failureTypeIds[0], description: 'Mancha en el cielo', attachments: [photo] },
          { failure_type_id: failureTypeIds[1] },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.data.counts).toMatchObject({ failures: 2, pending_failures: 2 });
    const list = (await ctx.request('GET', `postventa/solicitudes/${res.json.data.id}/fallas`, { cookie: agent })).json
      .data;
    expect(list.map((f: any) => [f.detail.id, f.description, f.attachments.length, f.batch])).toEqual([
      [failureTypeIds[0], 'Mancha en el cielo', 1, 1],
      [failureTypeIds[1], '', 0, 1],
    ]);
  });

  it('a failure outside the unit catalogue is a 422 on its own field, in es and pt-BR, and nothing is created', async () => {
    const before = (await ctx.db.select({ id: tickets.id }).from(tickets)).length;
    const body = ticketBody(ids, { failures: [{ failure_type_id: failureTypeIds[0] }, { failure_type_id: 999_999 }] });
    const es = await ctx.request('POST', 'postventa/solicitudes', { cookie: agent, body });
    expect(es.status).toBe(422);
    expect(es.json.fields).toEqual({ 'failures.1.failure_type_id': expect.stringContaining('catálogo') });
    const pt = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, { failures: [{}] }),
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.status).toBe(422);
    expect(pt.json.fields['failures.0.failure_type_id']).toBe('Este campo é obrigatório');
    expect((await ctx.db.select({ id: tickets.id }).from(tickets)).length).toBe(before);
  });
});
