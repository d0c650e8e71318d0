import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CM_TASK_DEPTH_MAX, CM_TASKS_PER_TICKET_MAX } from '#domain/cmanagement';
import { formatDate } from '#domain/format';
import { daysBetween } from '#domain/working-days';
import type { cmTaskCreateSchema, cmTaskUpdateSchema } from '#domain/schemas/cmanagement';
import { rowsOf, type DbOrTx, type Tx } from '../../../db/client.ts';
import { cmTasks, profiles, users } from '../../../db/schema/index.ts';
import { activeStaffSeeing } from '../../../db/staff.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { loadCmTask, loadCmTicket, type CmTask, type CmTicket } from '../shared/scope.ts';
import { emitTaskEvent } from './events.ts';

/**
 * Creating, editing and deleting tasks (docs/product.md §1 Cmanagement tasks, §5 "dates of subtasks in order"):
 * a subtask lives on its parent's ticket, at most CM_TASK_DEPTH_MAX levels deep, between its parent's dates.
 * Moving a parent (both dates by the same days) carries its subtasks along; resizing it so a subtask would fall
 * outside is refused (docs/decisions.md, Cmanagement schedule). State changes are commands.ts's.
 */
type TaskCreate = z.infer<typeof cmTaskCreateSchema>;
type TaskUpdate = z.infer<typeof cmTaskUpdateSchema>;

const refuse = (field: string, key: string, params?: Record<string, string | number>) =>
  unprocessable([{ field, key, params }]);

/** A person the task may be assigned to: active staff of the company who see the ticket's project. */
export async function assertAssignable(db: DbOrTx, ticket: CmTicket, assigneeId: number | null | undefined) {
  if (assigneeId == null) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(eq(users.id, assigneeId), activeStaffSeeing(ticket.companyId, ticket.projectId)));
  if (!row) throw refuse('assignee_id', 'cmanagement.tasks.errors.assignee_invalid');
}

/** How deep a task sits: 1 for a task, 2 for its subtasks… (one query per level, at most CM_TASK_DEPTH_MAX). */
async function depthOf(db: DbOrTx, task: CmTask): Promise<number> {
  let depth = 1;
  for (let parentId = task.parentId; parentId !== null && depth <= CM_TASK_DEPTH_MAX; depth += 1) {
    const [parent] = await db.select({ parentId: cmTasks.parentId }).from(cmTasks).where(eq(cmTasks.id, parentId));
    parentId = parent?.parentId ?? null;
  }
  return depth;
}

/** docs/product.md §5: a subtask starts and ends within its parent's dates. */
function assertInsideParent(parent: CmTask, start: string, end: string) {
  if (start >= parent.startDate && end <= parent.endDate) return;
  throw refuse(start < parent.startDate ? 'start_date' : 'end_date', 'cmanagement.tasks.errors.outside_parent', {
    parent: parent.name,
    start: formatDate(parent.startDate),
    end: formatDate(parent.endDate),
  });
}

export async function createTask(deps: AppDeps, user: SessionUser, ticketId: number, body: TaskCreate) {
  return transactionWithEvents(deps, async (tx) => {
    // The ticket's lock serialises creations, so the per-ticket count cannot be overrun by two at once.
    const ticket = await loadCmTicket(tx, user, ticketId, true);
    const count = await tx.$count(cmTasks, eq(cmTasks.ticketId, ticket.id));
    if (count >= CM_TASKS_PER_TICKET_MAX)
      throw new ApiError(422, 'cmanagement.tasks.errors.too_many', { max: CM_TASKS_PER_TICKET_MAX });
    if (body.parent_id != null) {
      const [parent] = await tx
        .select()
        .from(cmTasks)
        .where(and(eq(cmTasks.id, body.parent_id), eq(cmTasks.ticketId, ticket.id)));
      if (!parent) throw refuse('parent_id', 'cmanagement.tasks.errors.parent_unknown');
      if ((await depthOf(tx, parent)) >= CM_TASK_DEPTH_MAX)
        throw refuse('parent_id', 'cmanagement.tasks.errors.too_deep', { max: CM_TASK_DEPTH_MAX });
      if (parent.state === 'completada') throw refuse('parent_id', 'cmanagement.tasks.errors.parent_completed');
      assertInsideParent(parent, body.start_date, body.end_date);
    }
    await assertAssignable(tx, ticket, body.assignee_id);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${cmTasks.position}) + 1, 0)::int` })
      .from(cmTasks)
      .where(eq(cmTasks.ticketId, ticket.id));
    const [task] = await tx
      .insert(cmTasks)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        parentId: body.parent_id ?? null,
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        // Progress 100 belongs to a completed task (commands.ts): a new one is at most 99 % done.
        progress: Math.min(body.progress, 99),
        assigneeId: body.assignee_id ?? null,
        position: Number(next),
      })
      .returning();
    await emitTaskEvent(tx, ticket, 'cm_task.created', { taskId: task.id, taskName: task.name, actorId: user.id });
    if (task.assigneeId) await emitAssigned(tx, ticket, task, user);
    return task;
  });
}

function emitAssigned(tx: Tx, ticket: CmTicket, task: CmTask, user: SessionUser) {
  return emitTaskEvent(tx, ticket, 'cm_task.assigned', {
    taskId: task.id,
    taskName: task.name,
    actorId: user.id,
    data: { assignee_id: task.assigneeId },
    notify: task.assigneeId ? [task.assigneeId] : [],
  });
}

/** Subtasks (any depth) of a task, for moving them with it. */
async function descendantIds(tx: Tx, taskId: number): Promise<number[]> {
  const result = await tx.execute(sql`with recursive sub(id) as (
      select id from cm_tasks where parent_id = ${taskId}
      union all select t.id from cm_tasks t join sub on t.parent_id = sub.id)
    select id from sub`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * New dates of a task: inside its parent's; a move (same length, both ends by the same days) shifts its subtasks
 * with it, a resize that would leave a direct subtask outside is refused naming it.
 */
async function applyDates(tx: Tx, task: CmTask, start: string, end: string): Promise<number> {
  if (start === task.startDate && end === task.endDate) return 0;
  if (task.parentId !== null) {
    const [parent] = await tx.select().from(cmTasks).where(eq(cmTasks.id, task.parentId));
    assertInsideParent(parent, start, end);
  }
  const shift = daysBetween(task.startDate, start);
  if (shift !== 0 && daysBetween(task.endDate, end) === shift) {
    const ids = await descendantIds(tx, task.id);
    if (ids.length)
      await tx
        .update(cmTasks)
        .set({
          startDate: sql`${cmTasks.startDate} + ${shift}::int`,
          endDate: sql`${cmTasks.endDate} + ${shift}::int`,
          dueSoonNotifiedAt: null,
          updatedAt: new Date(),
        })
        .where(inArray(cmTasks.id, ids));
    return ids.length;
  }
  const [outside] = await tx
    .select({ name: cmTasks.name })
    .from(cmTasks)
    .where(and(eq(cmTasks.parentId, task.id), or(lt(cmTasks.startDate, start), gt(cmTasks.endDate, end))))
    .limit(1);
  if (outside)
    throw refuse(start > task.startDate ? 'start_date' : 'end_date', 'cmanagement.tasks.errors.subtask_outside', {
      subtask: outside.name,
    });
  return 0;
}

/** PATCH tareas/{id}: name, dates, progress below 100 and assignee (progress 100 is completing: the route's). */
export async function updateTask(deps: AppDeps, user: SessionUser, taskId: number, body: TaskUpdate) {
  return transactionWithEvents(deps, async (tx) => {
    const { task, ticket } = await loadCmTask(tx, user, taskId, true);
    const start = body.start_date ?? task.startDate;
    const end = body.end_date ?? task.endDate;
    if (end < start)
      throw refuse(body.end_date ? 'end_date' : 'start_date', 'cmanagement.tasks.errors.end_before_start');
    const moved = await applyDates(tx, task, start, end);
    if (body.assignee_id !== undefined && body.assignee_id !== task.assigneeId)
      await assertAssignable(tx, ticket, body.assignee_id);
    const [row] = await tx
      .update(cmTasks)
      .set({
        name: body.name ?? task.name,
        startDate: start,
        endDate: end,
        // 100 % is the completed state's alone (commands.ts): the route completes or reopens around this write.
        progress: task.state === 'completada' ? task.progress : Math.min(body.progress ?? task.progress, 99),
        assigneeId: body.assignee_id === undefined ? task.assigneeId : body.assignee_id,
        dueSoonNotifiedAt: end === task.endDate ? task.dueSoonNotifiedAt : null,
        updatedAt: new Date(),
      })
      .where(eq(cmTasks.id, task.id))
      .returning();
    await emitTaskEvent(tx, ticket, 'cm_task.updated', {
      taskId: row.id,
      taskName: row.name,
      actorId: user.id,
      data: { subtasks_moved: moved },
    });
    if (row.assigneeId && row.assigneeId !== task.assigneeId) await emitAssigned(tx, ticket, row, user);
    return row;
  });
}

/** DELETE tareas/{id}: the task, its subtasks and their links (the foreign keys cascade). */
export async function deleteTask(deps: AppDeps, user: SessionUser, taskId: number) {
  return transactionWithEvents(deps, async (tx) => {
    const { task, ticket } = await loadCmTask(tx, user, taskId, true);
    const removed = [task.id, ...(await descendantIds(tx, task.id))];
    await tx.delete(cmTasks).where(eq(cmTasks.id, task.id));
    await emitTaskEvent(tx, ticket, 'cm_task.deleted', {
      taskId: task.id,
      taskName: task.name,
      actorId: user.id,
      data: { removed_ids: removed },
    });
    return task.id;
  });
}
