import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { projects, qualityActivities } from '../../../../db/schema/index.ts';
import type { SessionUser } from '../../../../http/context.ts';
import { notFound } from '../../../../lib/errors.ts';

export type QualityActivity = typeof qualityActivities.$inferSelect;

/**
 * Tenant scope of construction progress (docs/architecture.md §4): the caller's company and visible projects. An
 * activity, link or project outside it is a 404, never a hint that it exists.
 */
export function activityScope(user: SessionUser) {
  return and(
    eq(qualityActivities.companyId, user.companyId),
    inArray(qualityActivities.projectId, user.projectIds.length ? [...user.projectIds] : [-1]),
  );
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** A project of the caller's company they may see (a `project_id` of a body or a query), else 404. */
export async function loadQualityProject(db: DbOrTx, user: SessionUser, projectId: number) {
  if (!validId(projectId) || !user.projectIds.includes(projectId)) throw notFound();
  const [project] = await db
    .select({ id: projects.id, name: projects.name, code: projects.code })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, user.companyId)));
  if (!project) throw notFound();
  return project;
}

/** One activity the caller may see, optionally locked for a change. */
export async function loadActivity(
  db: DbOrTx,
  user: SessionUser,
  activityId: number,
  lock = false,
): Promise<QualityActivity> {
  if (!validId(activityId)) throw notFound();
  const query = db
    .select()
    .from(qualityActivities)
    .where(and(eq(qualityActivities.id, activityId), activityScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
