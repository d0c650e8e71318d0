import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { allowedEvents } from '#machines/engine';
import { cmTaskMachine, type CmTaskEvent } from '#machines/cm-task';
import { cmTaskCommands, type CmTaskState } from '#domain/cmanagement';
import { can } from '#domain/permissions';
import type { CmSchedule, CmTaskLinkRow, CmTaskRow } from '#domain/cmanagement-responses';
import type { z } from 'zod';
import type { cmScheduleQuerySchema } from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmTaskLinks, cmTasks, cmTickets, users } from '../../../db/schema/index.ts';
import { acronymOf, fullName } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { cmTicketCode, cmTicketScope, type CmTask } from '../shared/scope.ts';

/**
 * The schedule (docs/api.md, GET cmanagement/cronograma and …/tickets/{id}/tareas): every visible task with its
 * ticket, assignee and open-subtask count in ONE query, and the links among those tasks in a second, so the
 * Gantt of 10,000 tasks costs two round trips whatever the filters.
 */
export type CmScheduleQuery = z.infer<typeof cmScheduleQuerySchema>;

const CANDIDATES = Object.keys(cmTaskCommands).map((type) => ({ type })) as CmTaskEvent[];

/** Events the task machine accepts now and the caller may send, for the buttons and the Gantt's menu. */
export const taskAllowedEvents = (user: SessionUser, state: CmTaskState, openSubtasks: number) =>
  allowedEvents(cmTaskMachine, { value: state, context: { openSubtasks } }, CANDIDATES).filter((type) =>
    can(user.permissions, cmTaskCommands[type].permission),
  );

/** Subtasks not completed yet of one task (the guard of cmTask.complete). */
export async function openSubtaskCount(db: DbOrTx, taskId: number): Promise<number> {
  return db.$count(cmTasks, and(eq(cmTasks.parentId, taskId), ne(cmTasks.state, 'completada')));
}

/** Tasks the caller sees, narrowed by the schedule's filters (tasks overlapping [from, to]). */
function visibleTasks(user: SessionUser, q: CmScheduleQuery): SQL {
  const where: (SQL | undefined)[] = [eq(cmTasks.companyId, user.companyId), cmTicketScope(user)];
  if (q.project?.length) where.push(inArray(cmTickets.projectId, q.project));
  if (q.ticket?.length) where.push(inArray(cmTasks.ticketId, q.ticket));
  if (q.assignee?.length) where.push(inArray(cmTasks.assigneeId, q.assignee));
  if (q.state?.length) where.push(inArray(cmTasks.state, q.state));
  if (q.from) where.push(gte(cmTasks.endDate, q.from));
  if (q.to) where.push(lte(cmTasks.startDate, q.to));
  return and(...where)!;
}

type Joined = {
  task: CmTask;
  ticket: { id: number; number: number; title: string; projectId: number };
  assignee: { id: number; firstName: string; lastName: string; color: string | null; enabled: boolean } | null;
  open: number;
};

function taskRow(user: SessionUser, { task, ticket, assignee, open }: Joined): CmTaskRow {
  return {
    id: task.id,
    ticket: { id: ticket.id, code: cmTicketCode(ticket.number), title: ticket.title, project_id: ticket.projectId },
    parent_id: task.parentId,
    name: task.name,
    start_date: task.startDate,
    end_date: task.endDate,
    progress: task.progress,
    state: task.state,
    assignee: assignee
      ? {
          id: assignee.id,
          full_name: fullName(assignee),
          acronym: acronymOf(assignee),
          color: assignee.color,
          is_enabled: assignee.enabled,
        }
      : null,
    position: task.position,
    allowed_events: taskAllowedEvents(user, task.state, open),
    updated_at: task.updatedAt.toISOString(),
  };
}

/** Ids per query of an `in` list: well under PostgreSQL's 65,535 parameters, and two queries for a 10,000-task Gantt. */
const ID_CHUNK = 5000;
async function inChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await read(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/**
 * The tasks, then their open-subtask counts and (loadSchedule) their links by the ids just read: a join against a
 * grouped subquery or an `in (subquery)` let the planner pick a nested loop once a filter looked selective, and a
 * date filter over 10,000 tasks took minutes on PGlite.
 */
async function selectTasks(db: DbOrTx, user: SessionUser, where: SQL): Promise<CmTaskRow[]> {
  const rows = await db
    .select({
      task: cmTasks,
      ticket: { id: cmTickets.id, number: cmTickets.number, title: cmTickets.title, projectId: cmTickets.projectId },
      assignee: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        color: users.color,
        enabled: sql<boolean>`(${users.isActive} and ${users.deletedAt} is null)`,
      },
    })
    .from(cmTasks)
    .innerJoin(cmTickets, eq(cmTickets.id, cmTasks.ticketId))
    .leftJoin(users, eq(users.id, cmTasks.assigneeId))
    .where(where)
    .orderBy(asc(cmTasks.ticketId), asc(cmTasks.position), asc(cmTasks.id));
  const counts = await inChunks(
    rows.map((r) => r.task.id),
    (chunk) =>
      db
        .select({ parentId: cmTasks.parentId, n: sql<number>`count(*)::int` })
        .from(cmTasks)
        .where(
          and(eq(cmTasks.companyId, user.companyId), inArray(cmTasks.parentId, chunk), ne(cmTasks.state, 'completada')),
        )
        .groupBy(cmTasks.parentId),
  );
  const open = new Map(counts.map((c) => [c.parentId, Number(c.n)]));
  return rows.map((r) => taskRow(user, { ...r, open: open.get(r.task.id) ?? 0 }));
}

const linkRow = (l: typeof cmTaskLinks.$inferSelect): CmTaskLinkRow => ({
  id: l.id,
  source_id: l.sourceId,
  target_id: l.targetId,
  type: l.type,
});

/** The tasks matching the filters and every link whose both ends are among them. */
export async function loadSchedule(db: DbOrTx, user: SessionUser, q: CmScheduleQuery): Promise<CmSchedule> {
  const where = visibleTasks(user, q);
  const tasks = await selectTasks(db, user, where);
  if (!tasks.length) return { tasks, links: [] };
  const visible = new Set(tasks.map((t) => t.id));
  const links = await inChunks([...visible], (chunk) =>
    db
      .select()
      .from(cmTaskLinks)
      .where(and(eq(cmTaskLinks.companyId, user.companyId), inArray(cmTaskLinks.sourceId, chunk)))
      .orderBy(asc(cmTaskLinks.id)),
  );
  return {
    tasks,
    links: links
      .filter((l) => visible.has(l.targetId))
      .sort((x, y) => x.id - y.id)
      .map(linkRow),
  };
}

/** One task as the API answers it (after a write). */
export async function taskRowOf(db: DbOrTx, user: SessionUser, taskId: number): Promise<CmTaskRow> {
  const [row] = await selectTasks(db, user, and(eq(cmTasks.id, taskId), cmTicketScope(user))!);
  return row;
}

export { linkRow };
