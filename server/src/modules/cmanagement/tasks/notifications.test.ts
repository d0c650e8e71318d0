import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CM_DUE_SOON_DAYS } from '#domain/cmanagement';
import { addDays } from '#domain/working-days';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { notifications, users } from '../../../db/schema/index.ts';
import { insertCmTicket } from './test-records.ts';
import { notifyDueSoonTasks } from './due-soon.ts';
import { cmTaskLink } from './events.ts';

/** cm_task.assigned and cm_task.due_soon reach the assignee as notifications worded with the task and its date. */
let ctx: TestContext;
let admin: string;
let agente: number;
beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  admin = await ctx.login('admin');
  agente = (await ctx.db.select().from(users).where(eq(users.username, 'agente')))[0].id;
}, 180_000);
afterAll(async () => ctx?.close());

const notified = async (type: string, ticketId: number) => {
  await ctx.events!.consumer('notifications').idle();
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, agente), eq(notifications.type, type)));
  return rows.filter((n) => n.link === cmTaskLink(ticketId));
};

describe('task notifications', () => {
  it('tells the new assignee, then once when the task is due soon', async () => {
    const ticket = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] });
    const today = '2033-06-01';
    const res = await ctx.request('POST', `cmanagement/tickets/${ticket.id}/tareas`, {
      cookie: admin,
      body: {
        name: 'Instalar ventanas',
        start_date: today,
        end_date: addDays(today, CM_DUE_SOON_DAYS),
        assignee_id: agente,
      },
    });
    expect(res.status, res.text).toBe(201);
    const [assigned] = await notified('cm_task.assigned', ticket.id);
    expect(assigned.params).toMatchObject({ task: 'Instalar ventanas', ref: `CM-${ticket.number}` });
    expect(await notifyDueSoonTasks(ctx.deps, new Date(`${today}T10:00:00Z`))).toBe(1);
    expect(await notifyDueSoonTasks(ctx.deps, new Date(`${today}T22:00:00Z`))).toBe(0);
    const due = await notified('cm_task.due_soon', ticket.id);
    expect(due).toHaveLength(1);
    expect(due[0].params).toMatchObject({ task: 'Instalar ventanas', date: '03-06-2033' });
    const list = await ctx.request('GET', 'notificaciones', { cookie: await ctx.login('agente') });
    expect(JSON.stringify(list.json)).toContain('Instalar ventanas');
  });
});
