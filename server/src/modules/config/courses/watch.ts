import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { COURSE_REMINDER_WORKING_DAYS, COURSE_RUNNING_STATES } from '#domain/courses';
import { addWorkingDays } from '#domain/working-days';
import { companies, courseAssignments, courses } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import { ApiError } from '../../../lib/errors.ts';
import { translator } from '../../../lib/i18n.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { todayIn } from '../shared/dates.ts';
import { MY_COURSES_LINK } from './assignments.ts';
import { courseCommand } from './commands.ts';
import { dueDateOf } from './rows.ts';

/** Assignments handled per sweep: a backlog is worked off over a few sweeps instead of one long run. */
const SWEEP_LIMIT = 200;

/**
 * Expires every running course or extension whose deadline has passed (docs/product.md §4 courses), each through the
 * machine as the system. The runner locks the row and the machine refuses a second expiry, so an assignment expires
 * once even when two instances sweep together: the loser's 409 is skipped.
 */
export async function expireOverdueCourses(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await deps.database.db
    .select({ id: courseAssignments.id, companyId: courseAssignments.companyId })
    .from(courseAssignments)
    .where(and(inArray(courseAssignments.state, [...COURSE_RUNNING_STATES]), lt(courseAssignments.expiresAt, now)))
    .orderBy(courseAssignments.expiresAt)
    .limit(SWEEP_LIMIT);
  const t = translator('es');
  let expired = 0;
  for (const row of due) {
    try {
      await courseCommand(deps, { kind: 'system' }, row.companyId, row.id, 'course.expire', t, now);
      expired += 1;
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 409 || error.status === 404))) throw error;
    }
  }
  return expired;
}

/**
 * Reminds each assignee once per period when its deadline is COURSE_REMINDER_WORKING_DAYS working days away or
 * nearer (docs/product.md §1 courses: a notification before expiry). `reminded_for` holds the deadline reminded,
 * written with a condition on it, so an extension is reminded again and no period twice.
 */
export async function remindExpiringCourses(deps: AppDeps, now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + 7 * 86_400_000);
  const candidates = await deps.database.db
    .select({ a: courseAssignments, country: companies.country, name: courses.name })
    .from(courseAssignments)
    .innerJoin(companies, eq(companies.id, courseAssignments.companyId))
    .innerJoin(courses, eq(courses.id, courseAssignments.courseId))
    .where(
      and(
        inArray(courseAssignments.state, [...COURSE_RUNNING_STATES]),
        lt(courseAssignments.expiresAt, soon),
        sql`${courseAssignments.expiresAt} >= ${now}`,
      ),
    )
    .limit(SWEEP_LIMIT);
  let reminded = 0;
  for (const { a, country, name } of candidates) {
    const due = dueDateOf(a);
    if (a.remindedFor === due) continue;
    const today = todayIn(now, countryTimezone(country));
    if (addWorkingDays(today, COURSE_REMINDER_WORKING_DAYS, { country }) < due) continue;
    const done = await transactionWithEvents(deps, async (tx) => {
      const [claimed] = await tx
        .update(courseAssignments)
        .set({ remindedFor: due })
        .where(
          and(
            eq(courseAssignments.id, a.id),
            eq(courseAssignments.state, a.state),
            sql`${courseAssignments.remindedFor} is distinct from ${due}::date`,
          ),
        )
        .returning({ id: courseAssignments.id });
      if (!claimed) return false;
      await recordEvent(tx, {
        type: 'course.expiring',
        companyId: a.companyId,
        userId: a.userId,
        entity: { type: 'course_assignment', id: a.id },
        actorId: null,
        action: 'course.remind',
        data: { ref: name, subject: due, dueDate: due },
        notify: [a.userId],
        link: MY_COURSES_LINK,
      });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
