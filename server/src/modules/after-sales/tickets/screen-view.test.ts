import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { STAFF_DATA } from '#domain/realtime';
import { ticketRowSchema } from '#domain/tickets-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { outbox } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** The data of the latest event of this type about the ticket. */
async function lastEvent(ticketId: number, type: string) {
  const [row] = await ctx.db
    .select()
    .from(outbox)
    .where(sql`${outbox.type} = ${type} and ${outbox.payload}->'entity'->>'id' = ${String(ticketId)}`)
    .orderBy(desc(outbox.id))
    .limit(1);
  return (row.payload as { data: Record<string, unknown> }).data;
}
const listRow = async (id: number) =>
  (await ctx.request('GET', `postventa/solicitudes?rowsPerPage=200`, { cookie: agent })).json.data.find(
    (r: { id: number }) => r.id === id,
  );
/** Clocks run between the event and the read: compare what they say, not the minutes. */
const withoutMinutes = (row: Record<string, unknown>) => {
  const sla = row.sla as Record<string, unknown> | null;
  return { ...row, sla: sla && { clock: sla.clock, status: sla.status, target_hours: sla.target_hours } };
};

describe('ticket events carry what staff screens show (docs/architecture.md §5 step 5)', () => {
  it('a created, a state change and an edit each carry the list row as the list answers it, and the board figure', async () => {
    const t = await newTicket(ctx, agent, ids);
    const created = await lastEvent(t.id, 'ticket.created');
    const row = await listRow(t.id);
    expect(withoutMinutes((created[STAFF_DATA] as { row: Record<string, unknown> }).row)).toEqual(withoutMinutes(row));

    expect((await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent })).status).toBe(200);
    const postponed = (await lastEvent(t.id, 'ticket.state_changed'))[STAFF_DATA] as {
      row: Record<string, unknown>;
      overdue: boolean;
    };
    expect(ticketRowSchema.strict().parse(postponed.row)).toMatchObject({
      state: 'postergada',
      previous_state: 'nueva',
    });
    expect(withoutMinutes(postponed.row)).toEqual(withoutMinutes(await listRow(t.id)));
    expect(postponed.overdue).toBe(false);

    await ctx.request('POST', `postventa/solicitudes/${t.id}/reanudar`, { cookie: agent });
    const edit = await ctx.request('PATCH', `postventa/solicitudes/${t.id}`, {
      cookie: agent,
      body: { priority: 'urgent' },
    });
    expect(edit.status).toBe(200);
    const updated = (await lastEvent(t.id, 'ticket.updated'))[STAFF_DATA] as {
      row: { priority: string; state: string };
    };
    expect(updated.row).toMatchObject({ priority: 'urgent', state: 'nueva' });
  });
});
