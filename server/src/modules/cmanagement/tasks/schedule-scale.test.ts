import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmScheduleSchema } from '#domain/cmanagement-responses';
import { addDays } from '#domain/working-days';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmTaskLinks, cmTasks } from '../../../db/schema/index.ts';
import { insertCmTicket } from './test-records.ts';

/**
 * GET cmanagement/cronograma at the Gantt size (10,000 tasks, a link per pair): two queries whatever the
 * size (tasks/schedule.ts), so the answer stays within seconds even on the in-memory PGlite of the tests.
 */
const TASKS = 10_000;
const TICKETS = 20;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
  for (let t = 0; t < TICKETS; t += 1) {
    const ticket = await insertCmTicket(ctx, {
      companyId: ctx.seed.companyId,
      projectId: ctx.seed.projectIds[t % 3],
    });
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
    expect(schedule.tasks).toHaveLength(TASKS);
    expect(schedule.links).toHaveLength(TASKS / 2);
    console.log(`cronograma: ${TASKS} tasks, ${schedule.links.length} links in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(10_000);
  });
});
