import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmScheduleSchema } from '#domain/cmanagement-responses';
import { addDays } from '#domain/working-days';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmTaskLinks, cmTasks } from '../../../db/schema/index.ts';
import { insertCmTicket } from './test-records.ts';

/**
 * GET cmanagement/cronograma at the Gantt size (10,000 tasks, a link per pair): a few queries whatever the
 * size (tasks/schedule.ts), the time is printed, not asserted (tests/bench holds the figures).
 */
const TASKS = 10_000;
const TICKETS = 20;
let ctx: TestContext;
let cookie: string;
const ticketIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
  for (let t = 0; t < TICKETS; t += 1) {
    const ticket = await insertCmTicket(ctx, {
      companyId: ctx.seed.companyId,
      projectId: ctx.seed.projectIds[t % 3],
    });
    ticketIds.push(ticket.id);
    const perTicket = TASKS / TICKETS;
    const rows = await ctx.db
      .insert(cmTasks)
      .values(
        Array.from({ length: perTicket }, (_, i) => ({
          companyId: ctx.seed.companyId,
          ticketId: ticket.id,
          name: `Tarea ${t}.${i}`,
          startDate: addDays('2031-01-01', i % 200),
          endDate: addDays('2031-01-05', i % 200),
          position: i,
        })),
      )
      .returning({ id: cmTasks.id });
    const links = [];
    for (let i = 0; i + 1 < rows.length; i += 2)
      links.push({ companyId: ctx.seed.companyId, sourceId: rows[i].id, targetId: rows[i + 1].id });
    await ctx.db.insert(cmTaskLinks).values(links);
  }
}, 300_000);
afterAll(async () => ctx?.close());

describe('schedule at Gantt scale', () => {
  it(`answers ${TASKS} tasks and their links`, async () => {
    const started = performance.now();
    const res = await ctx.request('GET', 'cmanagement/cronograma', { cookie });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const schedule = cmScheduleSchema.parse(res.json.data);
    // The demo seed's tasks (server/src/db/seed-cmanagement-tickets.ts) are on the schedule too: count this test's.
    const tasks = schedule.tasks.filter((t) => ticketIds.includes(t.ticket.id));
    const taskIds = new Set(tasks.map((t) => t.id));
    expect(tasks).toHaveLength(TASKS);
    expect(schedule.links.filter((l) => taskIds.has(l.source_id) && taskIds.has(l.target_id))).toHaveLength(TASKS / 2);
    console.log(`cronograma: ${TASKS} tasks, ${schedule.links.length} links in ${Math.round(ms)} ms`);
  });

  it('answers the same tasks filtered by dates, which once made the planner loop for minutes', async () => {
    const started = performance.now();
    const res = await ctx.request('GET', 'cmanagement/cronograma?from=2031-01-01&to=2031-12-31', { cookie });
    const ms = performance.now() - started;
    const schedule = cmScheduleSchema.parse(res.json.data);
    expect(schedule.tasks.filter((t) => ticketIds.includes(t.ticket.id))).toHaveLength(TASKS);
    expect(schedule.links).toHaveLength(TASKS / 2);
    console.log(`cronograma ?from&to: ${schedule.tasks.length} tasks in ${Math.round(ms)} ms`);
  });
});
