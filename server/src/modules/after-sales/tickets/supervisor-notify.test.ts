import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { notificationPreferences, notifications } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const notified = async (userId: number, type: string, ticketId: number) => {
  await ctx.events!.consumer('notifications').idle();
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  return rows.filter((n) => n.link === `/warranties/solicitud/${ticketId}`);
};

describe('supervisors hear about their projects (docs/product.md#notifications)', () => {
  it('a supervisor who sees the project is notified of a new ticket and of its state changes', async () => {
    const t = await newTicket(ctx, agent, ids);
    expect(await notified(ids.supervisor, 'ticket.created', t.id)).toHaveLength(1);
    const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent, body: {} });
    expect(res.status).toBe(200);
    expect(await notified(ids.supervisor, 'ticket.state_changed', t.id)).toHaveLength(1);
    // Staff without postventa_supervisar and not responsible nor in cc hear nothing.
    expect(await notified(ids.inspector, 'ticket.created', t.id)).toHaveLength(0);
  });

  it("the supervisor's preferences still rule: a kind switched off gives no notification", async () => {
    await ctx.db
      .insert(notificationPreferences)
      .values({
        userId: ids.supervisor,
        companyId: ctx.seed.companyId,
        eventType: 'ticket.state_changed',
        inApp: false,
        email: false,
      })
      .onConflictDoNothing();
    const t = await newTicket(ctx, agent, ids);
    await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent, body: {} });
    expect(await notified(ids.supervisor, 'ticket.created', t.id)).toHaveLength(1);
    expect(await notified(ids.supervisor, 'ticket.state_changed', t.id)).toHaveLength(0);
  });
});
