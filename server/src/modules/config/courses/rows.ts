import { and, eq, type SQL } from 'drizzle-orm';
import { coursePeriod, type CourseState } from '#domain/courses';
import type { AssignmentRow } from '#domain/courses-responses';
import { allowedEvents } from '#machines/engine';
import { courseMachine, courseSummary } from '#machines/course';
import type { DbOrTx } from '../../../db/client.ts';
import { courseAssignments, courses, users } from '../../../db/schema/index.ts';
import { personOf } from '../shared/people.ts';
import { materialOf } from './catalogue.ts';

export type Assignment = typeof courseAssignments.$inferSelect;
type Joined = { a: Assignment; course: typeof courses.$inferSelect; user: typeof users.$inferSelect };

/** The deadline that runs in a state: the course's, or the extension's it is in. */
export const dueDateOf = (a: Pick<Assignment, 'state' | 'expiryDate' | 'extension1Date' | 'extension2Date'>) =>
  [a.expiryDate, a.extension1Date ?? a.expiryDate, a.extension2Date ?? a.expiryDate][coursePeriod(a.state)];

/** What the machine allows now, for the buttons (docs/architecture.md §5: the UI and the server never disagree). */
function allowedNow(state: CourseState, expiresAt: Date, now: Date) {
  const at = now.toISOString();
  return allowedEvents(courseMachine, { value: state, context: { expiresAt: expiresAt.toISOString() } }, [
    { type: 'course.complete', now: at },
    { type: 'course.extend', now: at, expiresAt: new Date(now.getTime() + 86_400_000).toISOString() },
  ]);
}

export function assignmentRow({ a, course, user }: Joined, now = new Date()): AssignmentRow {
  const { course: courseStatus, extension1, extension2 } = courseSummary(a.state);
  return {
    id: a.id,
    course: {
      id: course.id,
      name: course.name,
      description: course.description,
      material_url: course.materialUrl,
      material: materialOf(course.materialPath),
    },
    user: personOf(user),
    state: a.state,
    status: { course: courseStatus, extension1, extension2 },
    created_at: a.createdAt.toISOString(),
    expiry_date: a.expiryDate,
    extension1_date: a.extension1Date,
    extension2_date: a.extension2Date,
    due_date: dueDateOf(a),
    completed_at: a.completedAt?.toISOString() ?? null,
    allowed_events: allowedNow(a.state, a.expiresAt, now),
  };
}

/** Assignments with their course and assignee, narrowed by `where` (always scoped by the caller). */
export const selectAssignments = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ a: courseAssignments, course: courses, user: users })
    .from(courseAssignments)
    .innerJoin(courses, eq(courses.id, courseAssignments.courseId))
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .where(where)
    .$dynamic();

/** One assignment of the caller's company (and of `userId` when given), or undefined. */
export async function findAssignment(db: DbOrTx, companyId: number, id: number, userId?: number) {
  const [row] = await selectAssignments(
    db,
    and(
      eq(courseAssignments.id, id),
      eq(courseAssignments.companyId, companyId),
      userId === undefined ? undefined : eq(courseAssignments.userId, userId),
    ),
  );
  return row;
}

/** What the audit trail keeps of an assignment, in API field names. */
export const assignmentAudit = (a: Assignment) => ({
  course_id: a.courseId,
  user_id: a.userId,
  state: a.state,
  expiry_date: a.expiryDate,
  extension1_date: a.extension1Date,
  extension2_date: a.extension2Date,
  completed_at: a.completedAt?.toISOString() ?? null,
});
