import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { courseDeadline, type CourseState } from '#domain/courses';
import type { AssignCourseInput } from '#domain/schemas/courses';
import { companies, courseAssignments, courses, tasks, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { envelope, offsetOf, sortOf, type PageQuery } from '../../../lib/paging.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { staffOfCompany } from '../shared/people.ts';
import { addDays, endOfDayIn, startOfDayIn, todayIn } from '../shared/dates.ts';
import { assignmentAudit, assignmentRow, findAssignment, selectAssignments } from './rows.ts';

/** Where a course's notifications and home task lead its assignee. */
export const MY_COURSES_LINK = '/config/mis-cursos';

export type AssignmentFilters = {
  course_id?: number;
  user_id?: number;
  state?: CourseState;
  from?: string;
  to?: string;
};

const SORTS = {
  assigned_at: courseAssignments.createdAt,
  expires_on: courseAssignments.expiresAt,
  state: courseAssignments.state,
  user: users.lastName,
  course: courses.name,
} as const;

/** The company's calendar: its country's working days and time zone (docs/product.md §9 courses). */
export async function companyCalendar(db: AppDeps['database']['db'], companyId: number) {
  const [c] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const country = c?.country ?? 'CL';
  return { country, tz: countryTimezone(country) };
}

/** A new period's deadline from `now`: its date on the country's calendar and the instant that day ends. */
export function deadlineFrom(now: Date, calendar: { country: string; tz: string }) {
  const date = courseDeadline(todayIn(now, calendar.tz), calendar.country);
  return { date, endsAt: endOfDayIn(date, calendar.tz) };
}

export async function listAssignments(deps: AppDeps, user: SessionUser, q: PageQuery & AssignmentFilters) {
  const { tz } = await companyCalendar(deps.database.db, user.companyId);
  const where: SQL | undefined = and(
    eq(courseAssignments.companyId, user.companyId),
    q.course_id ? eq(courseAssignments.courseId, q.course_id) : undefined,
    q.user_id ? eq(courseAssignments.userId, q.user_id) : undefined,
    q.state ? eq(courseAssignments.state, q.state) : undefined,
    q.from ? gte(courseAssignments.createdAt, startOfDayIn(q.from, tz)) : undefined,
    q.to ? lt(courseAssignments.createdAt, startOfDayIn(addDays(q.to, 1), tz)) : undefined,
  );
  const column = sortOf(SORTS, q.sortBy, courseAssignments.createdAt);
  const descending = q.sortBy ? q.descending : true;
  const [rows, [{ total }]] = await Promise.all([
    selectAssignments(deps.database.db, where)
      .orderBy(descending ? desc(column) : asc(column), desc(courseAssignments.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    deps.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(courseAssignments)
      .where(where),
  ]);
  const now = new Date();
  return envelope(
    rows.map((r) => assignmentRow(r, now)),
    total,
    q,
  );
}

/** The caller's own courses (docs/product.md §1: a user sees and completes their courses), running ones first. */
export async function myCourses(deps: AppDeps, user: SessionUser) {
  const rows = await selectAssignments(
    deps.database.db,
    and(eq(courseAssignments.companyId, user.companyId), eq(courseAssignments.userId, user.id)),
  ).orderBy(asc(courseAssignments.expiresAt), asc(courseAssignments.id));
  const now = new Date();
  return rows.map((r) => assignmentRow(r, now));
}

export async function getAssignment(deps: AppDeps, user: SessionUser, id: number, own = false) {
  const row = await findAssignment(deps.database.db, user.companyId, id, own ? user.id : undefined);
  if (!row) throw notFound();
  return assignmentRow(row);
}

/**
 * Assigns one course to users (docs/product.md §1 courses): the deadline is 15 working days on the company's
 * calendar; each assignee gets a home task and a notification. A user without e-mail is refused (docs/product.md
 * §5), as is one who already has the course; a course or user of another company is a 404.
 */
export async function assignCourse(deps: AppDeps, user: SessionUser, input: AssignCourseInput, now = new Date()) {
  const db = deps.database.db;
  const calendar = await companyCalendar(db, user.companyId);
  const ids = await transactionWithEvents(deps, async (tx) => {
    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, input.course_id), eq(courses.companyId, user.companyId)));
    if (!course) throw notFound();
    if (!course.isActive)
      throw new ApiError(422, 'errors.validation', {}, [{ field: 'course_id', key: 'config_api.courses.inactive' }]);
    const assignees = await staffOfCompany(tx, user.companyId, input.user_ids);
    const withoutEmail = assignees.filter((u) => !u.email);
    if (withoutEmail.length)
      throw new ApiError(422, 'errors.validation', {}, [
        {
          field: 'user_ids',
          key: 'config_api.courses.no_email',
          params: { names: withoutEmail.map((u) => `${u.firstName} ${u.lastName}`.trim()).join(', ') },
        },
      ]);
    const already = await tx
      .select({ userId: courseAssignments.userId })
      .from(courseAssignments)
      .where(and(eq(courseAssignments.courseId, course.id), inArray(courseAssignments.userId, input.user_ids)));
    if (already.length) {
      const names = assignees.filter((u) => already.some((a) => a.userId === u.id));
      throw new ApiError(422, 'errors.validation', {}, [
        {
          field: 'user_ids',
          key: 'config_api.courses.already_assigned',
          params: { names: names.map((u) => `${u.firstName} ${u.lastName}`.trim()).join(', ') },
        },
      ]);
    }
    const deadline = deadlineFrom(now, calendar);
    const created: number[] = [];
    for (const assignee of assignees) {
      const [task] = await tx
        .insert(tasks)
        .values({
          companyId: user.companyId,
          userId: assignee.id,
          title: course.name,
          kind: 'cursos',
          link: MY_COURSES_LINK,
          dueAt: deadline.endsAt,
        })
        .returning({ id: tasks.id });
      const [a] = await tx
        .insert(courseAssignments)
        .values({
          companyId: user.companyId,
          courseId: course.id,
          userId: assignee.id,
          assignedBy: user.id,
          expiryDate: deadline.date,
          expiresAt: deadline.endsAt,
          taskId: task.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, actorOf(user), {
        entity: 'course_assignment',
        entityId: a.id,
        action: 'assigned',
        after: assignmentAudit(a),
      });
      await recordEvent(tx, {
        type: 'course.assigned',
        companyId: user.companyId,
        userId: assignee.id,
        entity: { type: 'course_assignment', id: a.id },
        actorId: user.id,
        action: 'course.assign',
        to: a.state,
        data: { ref: course.name, subject: course.name, dueDate: deadline.date },
        notify: [assignee.id],
        link: MY_COURSES_LINK,
      });
      created.push(a.id);
    }
    return created;
  });
  const rows = await selectAssignments(db, inArray(courseAssignments.id, ids)).orderBy(asc(courseAssignments.id));
  return rows.map((r) => assignmentRow(r, now));
}

/** The users an administrator may pick, with whether they can take a course (an e-mail, docs/product.md §5). */
export async function assignableUsers(deps: AppDeps, user: SessionUser) {
  const rows = await deps.database.db
    .select({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, user.companyId),
        eq(users.kind, 'staff'),
        eq(users.isActive, true),
        sql`${users.deletedAt} is null`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((u) => ({
    id: u.id,
    full_name: `${u.first} ${u.last}`.trim(),
    username: u.username,
    has_email: Boolean(u.email),
  }));
}
