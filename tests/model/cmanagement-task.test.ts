import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cmTaskMachine, type CmTaskContext, type CmTaskEvent } from '#machines/cm-task';
import { cmTaskCommands } from '#domain/cmanagement';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { cmTasks } from '../../server/src/db/schema/index.ts';
import { insertCmTicket } from '../../server/src/modules/cmanagement/tasks/test-records.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §1 Cmanagement task: every generated path of machines/cm-task.ts, driven through the real API
 * (POST cmanagement/tareas/{id}/<verb>), with the stored state and progress checked after each step: a task with
 * no open subtask, and one with an open subtask (the guard of cmTask.complete).
 */
const samples: CmTaskEvent[] = [{ type: 'cmTask.start' }, { type: 'cmTask.complete' }, { type: 'cmTask.reopen' }];
const variants = [{ openSubtasks: 0 }, { openSubtasks: 1 }] satisfies CmTaskContext[];
const pathsOf = (input: CmTaskContext) => apiPaths(cmTaskMachine, samples, (c) => c, input);
const coverage = apiCoverage(cmTaskMachine, cmTaskCommands);

let ctx: TestContext;
let cookie: string;
let ticketId: number;
let serial = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('supervisor');
  ticketId = (await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] })).id;
}, 180_000);
afterAll(async () => ctx?.close());

const taskOf = async (id: number) => (await ctx.db.select().from(cmTasks).where(eq(cmTasks.id, id)))[0];
const send = (taskId: number, event: CmTaskEvent) =>
  ctx.request('POST', `cmanagement/tareas/${taskId}/${cmTaskCommands[event.type].verb}`, { cookie, body: {} });

/** A fresh task on the ticket, with `openSubtasks` unfinished subtasks under it. */
async function newTask(openSubtasks: number) {
  const create = (body: Record<string, unknown>) =>
    ctx.request('POST', `cmanagement/tickets/${ticketId}/tareas`, {
      cookie,
      body: { start_date: '2031-05-01', end_date: '2031-05-20', ...body },
    });
  const res = await create({ name: `Modelo ${++serial}` });
  expect(res.status, res.text).toBe(201);
  for (let i = 0; i < openSubtasks; i += 1)
    expect((await create({ name: `Subtarea ${serial}.${i}`, parent_id: res.json.data.id })).status).toBe(201);
  return res.json.data.id as number;
}

describe.each(variants)('cm-task machine paths against the API (openSubtasks $openSubtasks)', (input) => {
  const paths = pathsOf(input);
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const taskId = await newTask(input.openSubtasks);
    for (const step of path.steps) {
      const res = await send(taskId, step.event as CmTaskEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const task = await taskOf(taskId);
      expect(task.state).toBe(step.after.value);
      // Progress follows the state (tasks/commands.ts): 100 exactly when completed.
      expect(task.progress === 100).toBe(step.after.value === 'completada');
      expect(res.json.data.allowed_events).toEqual(samples.filter((e) => step.after.can(e)).map((e) => e.type));
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state (409), and stores nothing.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => !final.can(e))) {
      const before = await taskOf(taskId);
      const res = await send(taskId, refused);
      expect(res.status, `${refused.type} refused: ${res.text}`).toBe(409);
      expect(await taskOf(taskId)).toEqual(before);
    }
  });
});

describe('cm-task coverage', () => {
  it('walked every transition of the cm-task machine', () => {
    const report = coverage.report(variants.reduce((n, v) => n + pathsOf(v).length, 0));
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
