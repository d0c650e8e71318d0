import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CM_DUE_SOON_DAYS, CM_TASK_DEPTH_MAX, CM_TASKS_PER_TICKET_MAX } from '#domain/cmanagement';
import { cmScheduleSchema, cmTaskLinkRowSchema, cmTaskRowSchema } from '#domain/cmanagement-responses';
import { addDays } from '#domain/working-days';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmTasks, outbox, users } from '../../../db/schema/index.ts';
import { insertCmTicket, staffInProjects } from './test-records.ts';
import { notifyDueSoonTasks } from './due-soon.ts';
import { CM_TASK_REOPENED_PROGRESS } from './commands.ts';

/** docs/api.md Cmanagement tasks, links and schedule, through the real routes. */
let ctx: TestContext;
let admin: string;
let ids: { admin: number; agente: number; supervisor: number };
let ticketId: number;
let project: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const staff = await ctx.db.select().from(users);
  const id = (u: string) => staff.find((s) => s.username === u)!.id;
  ids = { admin: id('admin'), agente: id('agente'), supervisor: id('supervisor') };
  project = ctx.seed.projectIds[0];
  ticketId = (await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: project })).id;
}, 120_000);
afterAll(async () => ctx?.close());

const post = (path: string, body: unknown, cookie = admin) =>
  ctx.request('POST', `cmanagement/${path}`, { cookie, body });
const patch = (path: string, body: unknown, cookie = admin) =>
  ctx.request('PATCH', `cmanagement/${path}`, { cookie, body });
const get = (path: string, cookie = admin) => ctx.request('GET', `cmanagement/${path}`, { cookie });

async function newTask(body: Record<string, unknown>, ticket = ticketId) {
  const res = await post(`tickets/${ticket}/tareas`, { name: 'Obra gruesa', ...body });
  expect(res.status, res.text).toBe(201);
  return cmTaskRowSchema.parse(res.json.data);
}
const fieldsOf = (res: { json: any }) => Object.keys(res.json.fields ?? {});
const eventsOf = async (type: string, taskId: number) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.type, type))).filter(
    (e) => (e.payload as { data: { task_id?: number } }).data.task_id === taskId,
  );

describe('tasks and subtasks (docs/product.md §5 dates of subtasks in order)', () => {
  it('creates a task and a subtask inside its dates, and refuses one outside them naming the range', async () => {
    const parent = await newTask({ start_date: '2030-03-01', end_date: '2030-03-10' });
    expect(parent).toMatchObject({ state: 'pendiente', progress: 0, parent_id: null });
    expect(parent.allowed_events).toEqual(['cmTask.start', 'cmTask.complete']);
    const child = await newTask({ parent_id: parent.id, start_date: '2030-03-02', end_date: '2030-03-05' });
    expect(child.parent_id).toBe(parent.id);
    const outside = await post(`tickets/${ticketId}/tareas`, {
      name: 'Fuera',
      parent_id: parent.id,
      start_date: '2030-02-27',
      end_date: '2030-03-04',
    });
    expect(outside.status).toBe(422);
    expect(fieldsOf(outside)).toEqual(['start_date']);
    expect(outside.json.fields.start_date).toContain('01-03-2030');
    const reversed = await post(`tickets/${ticketId}/tareas`, {
      name: 'Al revés',
      start_date: '2030-03-05',
      end_date: '2030-03-01',
    });
    expect(reversed.status).toBe(422);
    expect(fieldsOf(reversed)).toEqual(['end_date']);
  });

  it(`nests subtasks at most ${CM_TASK_DEPTH_MAX} levels and only under a task of the same ticket`, async () => {
    let parentId: number | null = null;
    for (let level = 1; level <= CM_TASK_DEPTH_MAX; level += 1)
      parentId = (await newTask({ parent_id: parentId, start_date: '2030-04-01', end_date: '2030-04-09' })).id;
    const deeper = await post(`tickets/${ticketId}/tareas`, {
      name: 'Demasiado',
      parent_id: parentId,
      start_date: '2030-04-01',
      end_date: '2030-04-02',
    });
    expect(deeper.status).toBe(422);
    expect(fieldsOf(deeper)).toEqual(['parent_id']);
    const other = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: project });
    const foreignParent = await post(`tickets/${other.id}/tareas`, {
      name: 'Otra',
      parent_id: parentId,
      start_date: '2030-04-01',
      end_date: '2030-04-02',
    });
    expect(foreignParent.status).toBe(422);
    expect(fieldsOf(foreignParent)).toEqual(['parent_id']);
  });

  it(`takes at most ${CM_TASKS_PER_TICKET_MAX} tasks per ticket, and answers bad fields one by one`, async () => {
    const full = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: project });
    await ctx.db.insert(cmTasks).values(
      Array.from({ length: CM_TASKS_PER_TICKET_MAX }, (_, i) => ({
        companyId: full.companyId,
        ticketId: full.id,
        name: `T${i}`,
        startDate: '2030-01-01',
        endDate: '2030-01-02',
      })),
    );
    const over = await post(`tickets/${full.id}/tareas`, {
      name: 'Una más',
      start_date: '2030-01-01',
      end_date: '2030-01-01',
    });
    expect(over.status).toBe(422);
    expect(over.json.message).toContain(String(CM_TASKS_PER_TICKET_MAX));
    const bad = await post(`tickets/${ticketId}/tareas`, {
      name: ' ',
      start_date: 'mañana',
      end_date: '2030-01-01',
      progress: 140,
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad).sort()).toEqual(['name', 'progress', 'start_date']);
  });

  it('moving a parent carries its subtasks; resizing it past one is refused; a subtask stays inside', async () => {
    const parent = await newTask({ start_date: '2030-05-01', end_date: '2030-05-10' });
    const child = await newTask({ parent_id: parent.id, start_date: '2030-05-03', end_date: '2030-05-06' });
    const grandchild = await newTask({ parent_id: child.id, start_date: '2030-05-04', end_date: '2030-05-05' });
    const moved = await patch(`tareas/${parent.id}`, { start_date: '2030-05-08', end_date: '2030-05-17' });
    expect(moved.status, moved.text).toBe(200);
    const rows = await ctx.db.select().from(cmTasks).where(eq(cmTasks.ticketId, ticketId));
    const dates = (id: number) => {
      const r = rows.find((t) => t.id === id)!;
      return [r.startDate, r.endDate];
    };
    expect(dates(child.id)).toEqual(['2030-05-10', '2030-05-13']);
    expect(dates(grandchild.id)).toEqual(['2030-05-11', '2030-05-12']);
    const shrunk = await patch(`tareas/${parent.id}`, { end_date: '2030-05-12' });
    expect(shrunk.status).toBe(422);
    expect(fieldsOf(shrunk)).toEqual(['end_date']);
    expect(shrunk.json.fields.end_date).toContain(child.name);
    const childOut = await patch(`tareas/${child.id}`, { end_date: '2030-05-20' });
    expect(childOut.status).toBe(422);
    expect(fieldsOf(childOut)).toEqual(['end_date']);
    const renamed = await patch(`tareas/${child.id}`, { name: 'Moldajes', start_date: '2030-05-09' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(cmTaskRowSchema.parse(renamed.json.data)).toMatchObject({ name: 'Moldajes', start_date: '2030-05-09' });
  });

  it('deletes a task with its subtasks and their links', async () => {
    const parent = await newTask({ start_date: '2030-06-01', end_date: '2030-06-10' });
    const child = await newTask({ parent_id: parent.id, start_date: '2030-06-02', end_date: '2030-06-03' });
    const after = await newTask({ start_date: '2030-06-11', end_date: '2030-06-12' });
    expect((await post('enlaces', { source_id: child.id, target_id: after.id })).status).toBe(201);
    const res = await ctx.request('DELETE', `cmanagement/tareas/${parent.id}`, { cookie: admin });
    expect(res.json).toEqual({ data: { id: parent.id } });
    const schedule = cmScheduleSchema.parse((await get(`tickets/${ticketId}/tareas`)).json.data);
    expect(schedule.tasks.map((t) => t.id)).not.toContain(child.id);
    expect(schedule.links.some((l) => l.target_id === after.id)).toBe(false);
    expect(await eventsOf('cm_task.deleted', parent.id)).toHaveLength(1);
  });
});

describe('assignee, progress and the task machine (machines/cm-task.ts)', () => {
  it('assigns only people who see the project, and notifies the new assignee', async () => {
    const unseen = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[3] });
    const refused = await post(`tickets/${unseen.id}/tareas`, {
      name: 'Sin acceso',
      start_date: '2030-07-01',
      end_date: '2030-07-02',
      assignee_id: ids.agente,
    });
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused)).toEqual(['assignee_id']);
    const task = await newTask({ start_date: '2030-07-01', end_date: '2030-07-02', assignee_id: ids.agente });
    expect(task.assignee?.id).toBe(ids.agente);
    const reassigned = await patch(`tareas/${task.id}`, { assignee_id: ids.supervisor });
    expect(reassigned.status).toBe(200);
    const assigned = await eventsOf('cm_task.assigned', task.id);
    expect(assigned.map((e) => (e.payload as { notify: number[] }).notify)).toEqual([[ids.agente], [ids.supervisor]]);
    expect((await eventsOf('cm_task.updated', task.id))[0].payload).toMatchObject({
      data: { ticket_id: ticketId, task_id: task.id },
    });
  });

  it('walks the verbs, completing sets 100 % and reopening leaves it below', async () => {
    const task = await newTask({ start_date: '2030-08-01', end_date: '2030-08-05' });
    const started = await post(`tareas/${task.id}/iniciar`, {});
    expect(started.json.data).toMatchObject({ state: 'en_curso', allowed_events: ['cmTask.complete'] });
    const done = await post(`tareas/${task.id}/completar`, {});
    expect(done.json.data).toMatchObject({ state: 'completada', progress: 100 });
    expect((await post(`tareas/${task.id}/completar`, {})).status).toBe(409);
    // An edit without progress keeps it (and the state).
    const renamed = await patch(`tareas/${task.id}`, { name: 'Terminaciones' });
    expect(renamed.json.data).toMatchObject({ name: 'Terminaciones', state: 'completada', progress: 100 });
    const reopened = await post(`tareas/${task.id}/reabrir`, {});
    expect(reopened.json.data).toMatchObject({ state: 'en_curso', progress: CM_TASK_REOPENED_PROGRESS });
    expect(await eventsOf('cm_task.state_changed', task.id)).toHaveLength(3);
  });

  it('a parent with open subtasks cannot be completed; progress dragged to 100 completes, back reopens', async () => {
    const parent = await newTask({ start_date: '2030-09-01', end_date: '2030-09-10' });
    const child = await newTask({ parent_id: parent.id, start_date: '2030-09-01', end_date: '2030-09-02' });
    expect(parent.allowed_events).toEqual(['cmTask.start', 'cmTask.complete']);
    const refused = await post(`tareas/${parent.id}/completar`, {});
    expect(refused.status).toBe(409);
    const half = await patch(`tareas/${child.id}`, { progress: 50 });
    expect(half.json.data).toMatchObject({ state: 'en_curso', progress: 50 });
    const full = await patch(`tareas/${child.id}`, { progress: 100 });
    expect(full.json.data).toMatchObject({ state: 'completada', progress: 100 });
    expect((await patch(`tareas/${parent.id}`, { progress: 100 })).json.data).toMatchObject({ state: 'completada' });
    // Under a completed parent a subtask is reopened only after it.
    const blocked = await post(`tareas/${child.id}/reabrir`, {});
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toContain(parent.name);
    const back = await patch(`tareas/${parent.id}`, { progress: 80 });
    expect(back.json.data).toMatchObject({ state: 'en_curso', progress: 80 });
    expect((await post(`tareas/${child.id}/reabrir`, {})).json.data).toMatchObject({ state: 'en_curso' });
  });
});

describe('links (dependencies on the Gantt)', () => {
  it('links two tasks once, never a task to itself, never in a cycle, and unlinks', async () => {
    const [a, b, c] = [
      await newTask({ name: 'A', start_date: '2030-10-01', end_date: '2030-10-02' }),
      await newTask({ name: 'B', start_date: '2030-10-03', end_date: '2030-10-04' }),
      await newTask({ name: 'C', start_date: '2030-10-05', end_date: '2030-10-06' }),
    ];
    const ab = await post('enlaces', { source_id: a.id, target_id: b.id });
    expect(ab.status, ab.text).toBe(201);
    expect(cmTaskLinkRowSchema.parse(ab.json.data)).toMatchObject({ source_id: a.id, target_id: b.id, type: 'fs' });
    expect((await post('enlaces', { source_id: b.id, target_id: c.id, type: 'ss' })).status).toBe(201);
    expect((await post('enlaces', { source_id: a.id, target_id: b.id })).status).toBe(422);
    expect((await post('enlaces', { source_id: a.id, target_id: a.id })).status).toBe(422);
    const cycle = await post('enlaces', { source_id: c.id, target_id: a.id });
    expect(cycle.status).toBe(422);
    expect(cycle.json.message).toContain('«C»');
    const removed = await ctx.request('DELETE', `cmanagement/enlaces/${ab.json.data.id}`, { cookie: admin });
    expect(removed.json).toEqual({ data: { id: ab.json.data.id } });
    expect((await post('enlaces', { source_id: c.id, target_id: a.id })).status).toBe(201);
    expect(await eventsOf('cm_task.linked', a.id)).toHaveLength(1);
    expect(await eventsOf('cm_task.unlinked', a.id)).toHaveLength(1);
  });

  it('links tasks of two tickets, and both tickets hear of it', async () => {
    const other = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[1] });
    const here = await newTask({ name: 'Aquí', start_date: '2030-11-01', end_date: '2030-11-02' });
    const there = await newTask({ name: 'Allá', start_date: '2030-11-03', end_date: '2030-11-04' }, other.id);
    const res = await post('enlaces', { source_id: here.id, target_id: there.id, type: 'ff' });
    expect(res.status, res.text).toBe(201);
    const [onTarget] = await eventsOf('cm_task.linked', there.id);
    expect(onTarget).toMatchObject({ projectId: ctx.seed.projectIds[1] });
    expect(onTarget.payload).toMatchObject({ data: { ticket_id: other.id, source_id: here.id, target_id: there.id } });
    const schedule = cmScheduleSchema.parse((await get(`cronograma?ticket=${ticketId},${other.id}`)).json.data);
    expect(schedule.links.some((l) => l.id === res.json.data.id)).toBe(true);
  });
});

describe('isolation and permissions', () => {
  it("another company's task, link or ticket is a 404; a project the caller does not see too", async () => {
    const foreignTicket = await insertCmTicket(ctx, {
      companyId: ctx.seed.otherCompanyId,
      projectId: ctx.seed.otherProjectIds[0],
    });
    const [foreign] = await ctx.db
      .insert(cmTasks)
      .values({
        companyId: ctx.seed.otherCompanyId,
        ticketId: foreignTicket.id,
        name: 'Ajena',
        startDate: '2030-01-01',
        endDate: '2030-01-02',
      })
      .returning();
    const mine = await newTask({ start_date: '2030-01-01', end_date: '2030-01-02' });
    expect((await get(`tickets/${foreignTicket.id}/tareas`)).status).toBe(404);
    expect((await patch(`tareas/${foreign.id}`, { name: 'x' })).status).toBe(404);
    expect((await post(`tareas/${foreign.id}/iniciar`, {})).status).toBe(404);
    expect((await ctx.request('DELETE', `cmanagement/tareas/${foreign.id}`, { cookie: admin })).status).toBe(404);
    expect((await post('enlaces', { source_id: mine.id, target_id: foreign.id })).status).toBe(404);
    const schedule = cmScheduleSchema.parse((await get('cronograma')).json.data);
    expect(schedule.tasks.some((t) => t.id === foreign.id)).toBe(false);
    const outsider = await staffInProjects(
      ctx,
      'cm-otro-proyecto',
      ['cmanagement-access', 'cmanagement_gestionar'],
      [ctx.seed.projectIds[2]],
    );
    expect((await get(`tickets/${ticketId}/tareas`, outsider)).status).toBe(404);
    expect((await patch(`tareas/${mine.id}`, { name: 'x' }, outsider)).status).toBe(404);
    // The outsider sees only the tasks of its project's tickets (the demo seed has some there), never this ticket's.
    const seen = cmScheduleSchema.parse((await get('cronograma', outsider)).json.data).tasks;
    expect(seen.filter((t) => t.ticket.project_id !== ctx.seed.projectIds[2])).toEqual([]);
    expect(seen.some((t) => t.id === mine.id)).toBe(false);
  });

  it('reading needs the module; every write needs cmanagement_gestionar (403)', async () => {
    const task = await newTask({ start_date: '2030-01-05', end_date: '2030-01-06' });
    const reader = await staffInProjects(ctx, 'cm-lector', ['cmanagement-access', 'todos_los_proyectos'], []);
    const seen = await get(`tickets/${ticketId}/tareas`, reader);
    expect(seen.status).toBe(200);
    // The reader sees no action it could not send.
    expect(cmScheduleSchema.parse(seen.json.data).tasks.every((t) => t.allowed_events.length === 0)).toBe(true);
    expect((await get('cronograma', reader)).status).toBe(200);
    const body = { name: 'x', start_date: '2030-01-05', end_date: '2030-01-06' };
    expect((await post(`tickets/${ticketId}/tareas`, body, reader)).status).toBe(403);
    expect((await patch(`tareas/${task.id}`, { name: 'x' }, reader)).status).toBe(403);
    expect((await post(`tareas/${task.id}/iniciar`, {}, reader)).status).toBe(403);
    expect((await post('enlaces', { source_id: task.id, target_id: task.id }, reader)).status).toBe(403);
    expect((await ctx.request('DELETE', `cmanagement/tareas/${task.id}`, { cookie: reader })).status).toBe(403);
  });
});

describe('schedule (GET cmanagement/cronograma)', () => {
  it('filters by ticket, project, assignee, state and overlapping dates', async () => {
    const ticket = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[4] });
    const mk = (name: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
      newTask({ name, start_date: start, end_date: end, ...extra }, ticket.id);
    const early = await mk('Temprana', '2031-01-01', '2031-01-05', { assignee_id: ids.supervisor });
    const late = await mk('Tardía', '2031-02-01', '2031-02-05');
    await post(`tareas/${late.id}/iniciar`, {});
    const names = async (query: string) =>
      cmScheduleSchema.parse((await get(`cronograma?${query}`)).json.data).tasks.map((t) => t.name);
    expect(await names(`ticket=${ticket.id}`)).toEqual(['Temprana', 'Tardía']);
    expect(await names(`project=${ctx.seed.projectIds[4]}`)).toEqual(['Temprana', 'Tardía']);
    expect(await names(`ticket=${ticket.id}&assignee=${ids.supervisor}`)).toEqual(['Temprana']);
    expect(await names(`ticket=${ticket.id}&state=en_curso`)).toEqual(['Tardía']);
    expect(await names(`ticket=${ticket.id}&from=2031-01-05&to=2031-01-31`)).toEqual(['Temprana']);
    expect(await names(`ticket=${ticket.id}&from=2031-01-06&to=2031-01-31`)).toEqual([]);
    expect(early.ticket).toMatchObject({ id: ticket.id, project_id: ctx.seed.projectIds[4] });
    const bad = await get('cronograma?state=perdida&from=ayer');
    expect(bad.status).toBe(422);
  });
});

describe('due soon (cm_task.due_soon)', () => {
  it(`tells the assignee once, ${CM_DUE_SOON_DAYS} days before the end, and again only for a new end date`, async () => {
    const now = new Date('2032-03-10T12:00:00Z');
    const today = '2032-03-10';
    const soon = await newTask({
      start_date: today,
      end_date: addDays(today, CM_DUE_SOON_DAYS),
      assignee_id: ids.agente,
    });
    const later = await newTask({
      start_date: today,
      end_date: addDays(today, CM_DUE_SOON_DAYS + 1),
      assignee_id: ids.agente,
    });
    const done = await newTask({ start_date: today, end_date: today, assignee_id: ids.agente });
    await post(`tareas/${done.id}/completar`, {});
    const firstRun = await notifyDueSoonTasks(ctx.deps, now);
    expect(firstRun).toBe(1);
    expect(await notifyDueSoonTasks(ctx.deps, now)).toBe(0);
    const events = await eventsOf('cm_task.due_soon', soon.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      notify: [ids.agente],
      data: { ticket_id: ticketId, task_id: soon.id, task: soon.name, date: '12-03-2032' },
    });
    expect(await eventsOf('cm_task.due_soon', later.id)).toHaveLength(0);
    expect(await eventsOf('cm_task.due_soon', done.id)).toHaveLength(0);
    // A new end date is a new deadline: announced again when it comes near.
    await patch(`tareas/${soon.id}`, { end_date: addDays(today, 1) });
    expect(await notifyDueSoonTasks(ctx.deps, now)).toBe(1);
    expect(await eventsOf('cm_task.due_soon', soon.id)).toHaveLength(2);
    const [row] = await ctx.db
      .select()
      .from(cmTasks)
      .where(and(eq(cmTasks.id, later.id)));
    expect(row.dueSoonNotifiedAt).toBeNull();
  });
});
