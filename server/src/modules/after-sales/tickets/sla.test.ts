import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { ticketPauses, tickets } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
const hour = 3_600_000;
const MARK = 'Reloj SLA';
let ctx: TestContext;
let ids: DemoIds;
let supervisor: string;
const made: Record<string, number> = {};

const ago = (h: number) => new Date(Date.now() - h * hour);
async function ticket(name: string, over: Record<string, unknown>, set: Partial<typeof tickets.$inferInsert>) {
  const t = await newTicket(ctx, supervisor, ids, { subject: `${MARK} ${name}`, ...over });
  await ctx.db.update(tickets).set(set).where(eq(tickets.id, t.id));
  made[name] = t.id;
  return t.id as number;
}
const pause = (ticketId: number, reason: 'postergada' | 'espera_propietario', from: number, to: number | null) =>
  ctx.db.insert(ticketPauses).values({
    companyId: ctx.seed.companyId,
    ticketId,
    reason,
    startedAt: ago(from),
    endedAt: to === null ? null : ago(to),
  });
const list = async (query: string) => {
  const res = await ctx.request('GET', `postventa/solicitudes?search=${encodeURIComponent(MARK)}&${query}`, {
    cookie: supervisor,
  });
  expect(res.status).toBe(200);
  return res.json as { data: { id: number; sla: Record<string, unknown> | null }[]; total: number };
};
const name = (id: number) => Object.keys(made).find((k) => made[k] === id);

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  supervisor = await ctx.login('supervisor');
  const staff = { responsible_id: ids.supervisor, priority: 'medium' };
  // Unanswered for 60 h of a 48 h response time: 12 h late.
  await ticket('late', staff, { createdAt: ago(60) });
  // 60 h old but postponed for 20 of them: 40 h counted, 8 h left.
  await pause(await ticket('postponed_before', staff, { createdAt: ago(60) }), 'postergada', 50, 30);
  // 30 h old, a visit awaits the owner since 5 h ago: 25 h counted, frozen with 23 h left.
  await pause(await ticket('waiting_owner', staff, { createdAt: ago(30) }), 'espera_propietario', 5, null);
  await ticket('fresh', staff, { createdAt: ago(1) });
  await ticket('resolved', staff, { createdAt: ago(100), state: 'resuelta', resolvedAt: ago(10) });
  // An agent is exempt from the response time, not from resolving: urgent has 72 h, 100 h is 28 h late.
  await ticket('agent_urgent', { responsible_id: ids.agente, priority: 'urgent' }, { createdAt: ago(100) });
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

describe('ticket clocks in the list (docs/product.md §4 Ticket clocks)', () => {
  it('each row carries the clock the detail shows, with paused time left out', async () => {
    const rows = (await list('rowsPerPage=50')).data;
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const detail = (await ctx.request('GET', `postventa/solicitudes/${row.id}`, { cookie: supervisor })).json.data;
      expect(row.sla?.status, name(row.id)).toBe(detail.sla?.status);
      expect(row.sla?.clock).toBe(detail.sla?.clock);
      expect(Math.abs(Number(row.sla?.remaining_minutes) - Number(detail.sla?.remaining_minutes))).toBeLessThanOrEqual(
        1,
      );
    }
    const by = (n: string) => rows.find((r) => r.id === made[n])!.sla;
    expect(by('late')).toMatchObject({ clock: 'response', status: 'overdue', remaining_minutes: -12 * 60 });
    expect(by('postponed_before')).toMatchObject({ clock: 'response', status: 'due_soon', elapsed_minutes: 40 * 60 });
    expect(by('waiting_owner')).toMatchObject({
      status: 'paused',
      paused: true,
      due_at: null,
      remaining_minutes: 23 * 60,
    });
    expect(by('fresh')).toMatchObject({ status: 'on_time' });
    expect(by('resolved')).toMatchObject({ clock: 'resolution', status: 'met', due_at: null });
    expect(by('agent_urgent')).toMatchObject({ clock: 'resolution', status: 'overdue', target_hours: 72 });
  });

  it('filters vencidas and por_vencer on the server, with the total of the filtered set', async () => {
    const overdue = await list('sla=vencidas');
    expect(overdue.data.map((r) => name(r.id)).sort()).toEqual(['agent_urgent', 'late']);
    expect(overdue.total).toBe(2);
    const soon = await list('sla=por_vencer');
    expect(soon.data.map((r) => name(r.id))).toEqual(['postponed_before']);
    expect(soon.total).toBe(1);
  });

  it('sorts by time left, most urgent first, tickets without a running clock last either way', async () => {
    expect((await list('sortBy=sla')).data.map((r) => name(r.id))).toEqual([
      'agent_urgent',
      'late',
      'postponed_before',
      'waiting_owner',
      'fresh',
      'resolved',
    ]);
    expect((await list('sortBy=sla&descending=true')).data.map((r) => name(r.id))).toEqual([
      'fresh',
      'waiting_owner',
      'postponed_before',
      'late',
      'agent_urgent',
      'resolved',
    ]);
  });

  it('an unknown clock filter is a 422 naming the field', async () => {
    const res = await ctx.request('GET', 'postventa/solicitudes?sla=pronto', { cookie: supervisor });
    expect(res.status).toBe(422);
    expect(res.json.fields).toHaveProperty('sla');
  });

  it('resuming a postponed ticket through the API restarts its clock where it stopped', async () => {
    const id = await ticket('resumed', { responsible_id: ids.supervisor, priority: 'medium' }, { createdAt: ago(10) });
    const cookie = await ctx.login('supervisor');
    expect((await ctx.request('POST', `postventa/solicitudes/${id}/postergar`, { cookie })).status).toBe(200);
    const paused = (await ctx.request('GET', `postventa/solicitudes/${id}`, { cookie })).json.data;
    expect(paused.clocks.response).toMatchObject({ status: 'paused', due_at: null });
    expect(paused.clocks.resolution.status).toBe('paused');
    // Ten days on: the pause, not the wall clock, is what counted.
    await ctx.db
      .update(ticketPauses)
      .set({ startedAt: ago(9 * 24) })
      .where(eq(ticketPauses.ticketId, id));
    await ctx.db
      .update(tickets)
      .set({ createdAt: ago(9 * 24 + 10) })
      .where(eq(tickets.id, id));
    expect((await ctx.request('POST', `postventa/solicitudes/${id}/reanudar`, { cookie })).status).toBe(200);
    const resumed = (await ctx.request('GET', `postventa/solicitudes/${id}`, { cookie })).json.data;
    expect(resumed.clocks.response).toMatchObject({ status: 'on_time', elapsed_minutes: 10 * 60 });
    expect(resumed.response).toMatchObject({ is_overdue: false, response_elapsed_minutes: 10 * 60 });
  });
});
