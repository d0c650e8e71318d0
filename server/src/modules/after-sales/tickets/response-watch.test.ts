import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { outbox, projectSettings, tickets } from '../../../db/schema/index.ts';
import { internalsOf } from '../../../events/outbox.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';
import { escalateOverdueResponses } from './response-watch.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
const hour = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  // The demo data has old unanswered tickets: work the backlog off first, so each test sees only its own.
  while ((await escalateOverdueResponses(ctx.deps)) > 0);
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const setAction = (action: 'notificar_responsable' | 'notificar_supervisor' | 'ninguna', hours = 48) =>
  ctx.db
    .update(projectSettings)
    .set({ responseAction: action, responseTimeHours: hours })
    .where(eq(projectSettings.projectId, ids.projectId));
const age = (id: number, hours: number) =>
  ctx.db
    .update(tickets)
    .set({ createdAt: new Date(Date.now() - hours * hour) })
    .where(eq(tickets.id, id));
const overdueEvents = (ticketId: number) =>
  ctx.db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.type, 'ticket.response_overdue'), sql`(${outbox.payload}->'entity'->>'id')::int = ${ticketId}`),
    );

describe('response action when the response time runs out (docs/product.md §3 project configuration)', () => {
  it('notificar_responsable: once, to the responsible, with a line in the ticket history', async () => {
    await setAction('notificar_responsable', 24);
    const ticket = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    await age(ticket.id, 23);
    expect(await escalateOverdueResponses(ctx.deps)).toBe(0);
    await age(ticket.id, 25);
    expect(await escalateOverdueResponses(ctx.deps)).toBe(1);
    expect(await escalateOverdueResponses(ctx.deps)).toBe(0);
    const events = await overdueEvents(ticket.id);
    expect(events).toHaveLength(1);
    expect(internalsOf(events[0]).notify).toEqual([ids.supervisor]);
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.responseEscalatedAt).toBeInstanceOf(Date);
    // The notification's body ends with the subject ("…sin una respuesta al propietario: {{subject}}").
    expect((events[0].payload as { data: { subject: string } }).data.subject).toBe(row.subject);
    const history = await ctx.request('GET', `postventa/solicitudes/${ticket.id}/actividad`, { cookie: agent });
    expect(history.json.data.map((e: any) => e.tipo.nombre)).toContain('Tiempo de respuesta vencido');
  });

  it('notificar_supervisor: every active supervisor who sees the project, nobody else', async () => {
    await setAction('notificar_supervisor', 24);
    const ticket = await newTicket(ctx, agent, ids, { responsible_id: ids.inspector });
    await age(ticket.id, 30);
    expect(await escalateOverdueResponses(ctx.deps)).toBe(1);
    const notify = internalsOf((await overdueEvents(ticket.id))[0]).notify;
    expect(notify).toEqual(expect.arrayContaining([ids.supervisor, ids.admin, ids.gerente]));
    expect(notify).not.toContain(ids.agente);
    expect(notify).not.toContain(ids.inspector);
    expect(notify).not.toContain(ids.otra);
  });

  it('nothing happens with the action "ninguna", once answered, or for an agent\'s ticket (agents are exempt, docs/product.md §6)', async () => {
    await setAction('ninguna', 24);
    const silent = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    await age(silent.id, 100);
    expect(await escalateOverdueResponses(ctx.deps)).toBe(0);

    await setAction('notificar_supervisor', 24);
    const answered = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    await ctx.db.update(tickets).set({ firstResponseAt: new Date() }).where(eq(tickets.id, answered.id));
    await age(answered.id, 100);
    const agents = await newTicket(ctx, agent, ids, { responsible_id: ids.agente });
    await age(agents.id, 100);
    // The ticket left under "ninguna" is now due under the new action: only it escalates.
    expect(await escalateOverdueResponses(ctx.deps)).toBe(1);
    expect(await overdueEvents(silent.id)).toHaveLength(1);
    expect(await overdueEvents(answered.id)).toHaveLength(0);
    expect(await overdueEvents(agents.id)).toHaveLength(0);
  });
});
