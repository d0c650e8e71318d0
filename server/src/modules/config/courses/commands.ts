import { and, eq } from 'drizzle-orm';
import { coursePeriod, courseCommands, type CourseCommandType } from '#domain/courses';
import { courseMachine, type CourseEvent } from '#machines/course';
import { courseAssignments, tasks } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/client.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { runCommand, type Transition } from '../../../commands/runner.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { MY_COURSES_LINK, companyCalendar, deadlineFrom } from './assignments.ts';
import { assignmentAudit, type Assignment } from './rows.ts';
import { courses } from '../../../db/schema/index.ts';

/** Who sends a course event: an administrator, the assignee on their own course, or the expiry sweep. */
export type CourseActor =
  { kind: 'admin'; user: SessionUser } | { kind: 'self'; user: SessionUser } | { kind: 'system' };

const EVENT_TYPE: Record<CourseCommandType, string> = {
  'course.complete': 'course.completed',
  'course.extend': 'course.extended',
  'course.expire': 'course.expired',
};
const AUDIT_ACTION = { 'course.complete': 'completed', 'course.extend': 'extended' } as const;

/** What a transition changes besides the state: the extension's date, completion, and the home task. */
async function persist(
  tx: Tx,
  next: Transition<typeof courseMachine, Assignment>,
  event: CourseEvent,
  extensionDate: string | null,
) {
  const a = next.row;
  const now = new Date(event.now);
  const to = next.to as Assignment['state'];
  const changes: Partial<Assignment> = { state: to, expiresAt: new Date(next.context.expiresAt), updatedAt: now };
  if (event.type === 'course.complete') changes.completedAt = now;
  if (event.type === 'course.extend' && extensionDate) {
    if (coursePeriod(to) === 1) changes.extension1Date = extensionDate;
    else changes.extension2Date = extensionDate;
  }
  const [after] = await tx.update(courseAssignments).set(changes).where(eq(courseAssignments.id, a.id)).returning();
  // The home task: done once completed or expired, due again at the extension's deadline.
  if (a.taskId) {
    await tx
      .update(tasks)
      .set(event.type === 'course.extend' ? { doneAt: null, dueAt: after.expiresAt } : { doneAt: now })
      .where(eq(tasks.id, a.taskId));
  }
  return after;
}

/**
 * Sends a course machine event through the command runner (docs/architecture.md §5): the table's permission (the
 * assignee as 'self' on their own course, the sweep as 'system'), the row locked and scoped to the company (and to
 * the assignee for 'self'), the new state, history, audit line and outbox event in one transaction.
 */
export async function courseCommand(
  deps: AppDeps,
  actor: CourseActor,
  companyId: number,
  assignmentId: number,
  type: CourseCommandType,
  t: Translate,
  now = new Date(),
) {
  const user = actor.kind === 'system' ? null : actor.user;
  let event: CourseEvent;
  // The extension's deadline as a date on the company's calendar, and the instant that day ends there.
  let extensionDate: string | null = null;
  if (type === 'course.extend') {
    const deadline = deadlineFrom(now, await companyCalendar(deps.database.db, companyId));
    extensionDate = deadline.date;
    event = { type, now: now.toISOString(), expiresAt: deadline.endsAt.toISOString() };
  } else {
    event = { type, now: now.toISOString() };
  }
  let courseName = '';
  return runCommand(deps, {
    machine: courseMachine,
    machineName: 'course',
    entity: { type: 'course_assignment', id: assignmentId, companyId },
    commands: courseCommands,
    actor: actor.kind === 'admin' ? actor.user : actor.kind,
    userId: user?.id ?? null,
    t,
    event,
    load: async (tx) => {
      const [row] = await tx
        .select({ a: courseAssignments, name: courses.name })
        .from(courseAssignments)
        .innerJoin(courses, eq(courses.id, courseAssignments.courseId))
        .where(
          and(
            eq(courseAssignments.id, assignmentId),
            eq(courseAssignments.companyId, companyId),
            actor.kind === 'self' ? eq(courseAssignments.userId, actor.user.id) : undefined,
          ),
        )
        .for('update', { of: courseAssignments });
      if (!row) return undefined;
      courseName = row.name;
      return { value: row.a.state, context: { expiresAt: row.a.expiresAt.toISOString() }, row: row.a, projectId: null };
    },
    persist: async (tx, next) => {
      const after = await persist(tx, next, event, extensionDate);
      if (user && type !== 'course.expire') {
        await recordAudit(tx, actorOf(user), {
          entity: 'course_assignment',
          entityId: assignmentId,
          action: AUDIT_ACTION[type],
          before: assignmentAudit(next.row),
          after: assignmentAudit(after),
        });
      }
      return after;
    },
    eventType: EVENT_TYPE[type],
    data: (_next, after) => ({ ref: courseName, subject: courseName, userId: after.userId }),
    // The assignee hears of an extension and of an expiry (and whoever assigned it of the expiry).
    notify: (_next, after) =>
      type === 'course.complete'
        ? []
        : [after.userId, ...(type === 'course.expire' && after.assignedBy ? [after.assignedBy] : [])],
    link: MY_COURSES_LINK,
  });
}
