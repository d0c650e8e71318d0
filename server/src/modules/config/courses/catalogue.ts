import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { COURSE_COMPLETED_STATES } from '#domain/courses';
import type { CourseInput } from '#domain/schemas/courses';
import type { CourseRow } from '#domain/courses-responses';
import type { Tx } from '../../../db/client.ts';
import { sqlLiterals } from '../../../db/sql-literals.ts';
import { courseAssignments, courses } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { containsText } from '../../../lib/text-search.ts';
import { envelope, offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { attachFiles, confirmUpload, detachFiles } from '../../files/service.ts';
import { actorOf, recordAudit } from '../audit/record.ts';

/** Entity type of a course's material file: read by course managers and the course's assignees (config/service.ts). */
export const COURSE_MATERIAL_FILES = 'course_material';

export const materialOf = (path: string | null) => (path ? { path, url: `/api/v2/public/files/${path}` } : null);

type Course = typeof courses.$inferSelect;
const counts = {
  total: sql<number>`(select count(*)::int from course_assignments a where a.course_id = ${courses.id})`,
  completed: sql<number>`(select count(*)::int from course_assignments a where a.course_id = ${courses.id} and a.state in (${sqlLiterals(COURSE_COMPLETED_STATES)}))`,
};

const rowOf = (c: Course, total: number, completed: number): CourseRow => ({
  id: c.id,
  name: c.name,
  description: c.description,
  material_url: c.materialUrl,
  material: materialOf(c.materialPath),
  is_active: c.isActive,
  assignments: { total, completed },
  updated_at: c.updatedAt.toISOString(),
});

export async function listCourses(
  deps: AppDeps,
  user: SessionUser,
  q: PageQuery & { search?: string; active?: 'true' | 'false' },
) {
  const where: SQL | undefined = and(
    eq(courses.companyId, user.companyId),
    q.search ? containsText([courses.name, courses.description], q.search) : undefined,
    q.active ? eq(courses.isActive, q.active === 'true') : undefined,
  );
  const db = deps.database.db;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ course: courses, ...counts })
      .from(courses)
      .where(where)
      .orderBy(asc(courses.name), asc(courses.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(courses)
      .where(where),
  ]);
  return envelope(
    rows.map((r) => rowOf(r.course, r.total, r.completed)),
    total,
    q,
  );
}

export async function getCourse(deps: AppDeps, user: SessionUser, id: number): Promise<CourseRow> {
  const [r] = await deps.database.db
    .select({ course: courses, ...counts })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.companyId, user.companyId)));
  if (!r) throw notFound();
  return rowOf(r.course, r.total, r.completed);
}

/** The material must be an upload the caller may read (files module), else a 422 on the field. */
async function checkMaterial(deps: AppDeps, user: SessionUser, path: string | null | undefined) {
  if (!path) return;
  const readable = await confirmUpload(deps, user, path).catch(() => undefined);
  if (!readable)
    throw new ApiError(422, 'errors.validation', {}, [{ field: 'material_path', key: 'validation.invalid' }]);
}

const auditOf = (c: Course) => ({
  name: c.name,
  description: c.description,
  material_url: c.materialUrl,
  material_path: c.materialPath,
  is_active: c.isActive,
});

async function emitCourse(tx: Tx, user: SessionUser, id: number, action: string) {
  await recordEvent(tx, {
    type: 'course.changed',
    companyId: user.companyId,
    entity: { type: 'course', id },
    actorId: user.id,
    action,
  });
}

const valuesOf = (input: CourseInput) => ({
  name: input.name,
  description: input.description ?? null,
  materialUrl: input.material_url ?? null,
  materialPath: input.material_path ?? null,
  isActive: input.is_active,
});

export async function createCourse(deps: AppDeps, user: SessionUser, input: CourseInput): Promise<CourseRow> {
  await checkMaterial(deps, user, input.material_path);
  const course = await transactionWithEvents(deps, async (tx) => {
    const [c] = await tx
      .insert(courses)
      .values({ companyId: user.companyId, ...valuesOf(input) })
      .returning();
    await recordAudit(tx, actorOf(user), { entity: 'course', entityId: c.id, action: 'created', after: auditOf(c) });
    await emitCourse(tx, user, c.id, 'created');
    return c;
  });
  if (course.materialPath)
    await attachFiles(deps, user.companyId, [course.materialPath], { type: COURSE_MATERIAL_FILES, id: course.id });
  return getCourse(deps, user, course.id);
}

export async function updateCourse(deps: AppDeps, user: SessionUser, id: number, input: CourseInput) {
  // Outside the transaction: PGlite has one connection, which the transaction holds.
  await checkMaterial(deps, user, input.material_path);
  const { before, after } = await transactionWithEvents(deps, async (tx) => {
    const [before] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.companyId, user.companyId)))
      .for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(courses)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'course',
      entityId: id,
      action: 'updated',
      before: auditOf(before),
      after: auditOf(after),
    });
    await emitCourse(tx, user, id, 'updated');
    return { before, after };
  });
  const entity = { type: COURSE_MATERIAL_FILES, id };
  if (before.materialPath && before.materialPath !== after.materialPath)
    await detachFiles(deps, user.companyId, [before.materialPath], entity);
  if (after.materialPath) await attachFiles(deps, user.companyId, [after.materialPath], entity);
  return getCourse(deps, user, id);
}

/** A course with assignments is kept for their history: it can only be deactivated (409). */
export async function deleteCourse(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  const gone = await transactionWithEvents(deps, async (tx) => {
    const [c] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.companyId, user.companyId)))
      .for('update');
    if (!c) throw notFound();
    const [used] = await tx
      .select({ id: courseAssignments.id })
      .from(courseAssignments)
      .where(eq(courseAssignments.courseId, id))
      .limit(1);
    if (used) throw new ApiError(409, 'config_api.courses.in_use');
    await tx.delete(courses).where(eq(courses.id, id));
    await recordAudit(tx, actorOf(user), { entity: 'course', entityId: id, action: 'deleted', before: auditOf(c) });
    await emitCourse(tx, user, id, 'deleted');
    return c;
  });
  if (gone.materialPath)
    await detachFiles(deps, user.companyId, [gone.materialPath], { type: COURSE_MATERIAL_FILES, id });
}
