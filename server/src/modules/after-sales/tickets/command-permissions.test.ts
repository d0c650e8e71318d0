import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { tickets } from '../../../db/schema/index.ts';
import { demoIds, newTicket, ticketBody, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let admin: string;
/** postventa_gestionar without postventa_cerrar: the demo 'agente' profile. */
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  admin = await ctx.login('admin');
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const stateOf = async (id: number) => (await ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const patch = (cookie: string, id: number, body: Record<string, unknown>) =>
  ctx.request('PATCH', `postventa/solicitudes/${id}`, { cookie, body });

describe("every path to a ticket event checks that event's permission (domain/tickets.ts)", () => {
  it('PATCH state finalizada / no_aplica needs postventa_cerrar like POST cerrar / no-aplica; nothing is saved', async () => {
    const t = await newTicket(ctx, admin, ids, { state: 'abierta' });
    for (const state of ['finalizada', 'no_aplica']) {
      const res = await patch(agent, t.id, {
        state,
        justification: 'Resuelto en visita',
        subject: 'Cambiado por el agente',
      });
      expect(res.status, state).toBe(403);
    }
    expect(
      (
        await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
          cookie: agent,
          body: { justification: 'x' },
        })
      ).status,
    ).toBe(403);
    const row = await stateOf(t.id);
    expect(row.state).toBe('abierta');
    expect(row.subject).not.toBe('Cambiado por el agente');
    // The events the agent may send still go through PATCH.
    const started = await patch(agent, t.id, { state: 'en_proceso' });
    expect(started.status).toBe(200);
    expect(started.json.data.state).toBe('en_proceso');
  });

  it('PATCH state abierta on a closed ticket (reopen) needs postventa_cerrar like POST reabrir', async () => {
    const t = await newTicket(ctx, admin, ids, { state: 'abierta' });
    expect((await patch(admin, t.id, { state: 'finalizada', justification: 'Reparado' })).status).toBe(200);
    expect((await patch(agent, t.id, { state: 'abierta' })).status).toBe(403);
    expect(
      (await ctx.request('POST', `postventa/solicitudes/${t.id}/reabrir`, { cookie: agent, body: {} })).status,
    ).toBe(403);
    expect((await stateOf(t.id)).state).toBe('finalizada');
    expect((await patch(admin, t.id, { state: 'abierta' })).json.data.state).toBe('abierta');
  });

  it("creating a ticket in another state needs that state's event permission; nothing is created when refused", async () => {
    const clerk = await staffWith(ctx, 'recepcionista', ['modulo_postventa', 'todos_los_proyectos', 'postventa_crear']);
    const before = (await ctx.db.select().from(tickets)).length;
    for (const state of ['postergada', 'en_proceso']) {
      const res = await ctx.request('POST', 'postventa/solicitudes', {
        cookie: clerk,
        body: ticketBody(ids, { state }),
      });
      expect(res.status, state).toBe(403);
    }
    expect((await ctx.db.select().from(tickets)).length).toBe(before);
    expect((await ctx.request('POST', 'postventa/solicitudes', { cookie: clerk, body: ticketBody(ids) })).status).toBe(
      201,
    );
  });

  it('bulk close and reopen read the same table: 403 without postventa_cerrar, before any ticket changes', async () => {
    const t = await newTicket(ctx, admin, ids, { state: 'abierta' });
    const res = await ctx.request('POST', 'postventa/solicitudes/bulk', {
      cookie: agent,
      body: { ids: [t.id], action: 'close', justification: 'x' },
    });
    expect(res.status).toBe(403);
    expect((await stateOf(t.id)).state).toBe('abierta');
    const postponed = await ctx.request('POST', 'postventa/solicitudes/bulk', {
      cookie: agent,
      body: { ids: [t.id], action: 'postpone' },
    });
    expect(postponed.json.data.done).toEqual([t.id]);
  });
});
