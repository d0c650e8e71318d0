import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { ACTIVITIES_PER_PROJECT_MAX, ACTIVITY_LEVEL_MAX } from '#domain/quality';
import { rowsOf, type DbOrTx } from '../../../../db/client.ts';
import { qualityActivities } from '../../../../db/schema/index.ts';
import type { SessionUser } from '../../../../http/context.ts';
import { ApiError, unprocessable } from '../../../../lib/errors.ts';
import { loadActivity, type QualityActivity } from '../shared/scope.ts';

/** Where an activity may hang: the rules of docs/api.md POST calidad/actividades and …/mover. */

/** A parent for a new or moved activity: visible (else 404), of the same project and not too deep (else 422). */
export async function parentFor(
  db: DbOrTx,
  user: SessionUser,
  projectId: number,
  parentId: number | null | undefined,
  depthBelow = 0,
): Promise<QualityActivity | null> {
  if (parentId == null) return null;
  const parent = await loadActivity(db, user, parentId);
  if (parent.projectId !== projectId)
    throw unprocessable([{ field: 'parent_id', key: 'quality.errors.parent_other_project' }]);
  if (parent.level + 1 + depthBelow > ACTIVITY_LEVEL_MAX)
    throw unprocessable([
      { field: 'parent_id', key: 'quality.errors.level_max', params: { max: String(ACTIVITY_LEVEL_MAX + 1) } },
    ]);
  return parent;
}

const siblingsWhere = (projectId: number, parentId: number | null) =>
  and(
    eq(qualityActivities.projectId, projectId),
    parentId === null ? isNull(qualityActivities.parentId) : eq(qualityActivities.parentId, parentId),
  );

/** The position after the last sibling under `parentId` (appending keeps the others where they are). */
export async function nextPosition(db: DbOrTx, projectId: number, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ last: max(qualityActivities.position) })
    .from(qualityActivities)
    .where(siblingsWhere(projectId, parentId));
  return row?.last == null ? 0 : row.last + 1;
}

/** The siblings under `parentId` in their order. */
export function siblingsOf(db: DbOrTx, projectId: number, parentId: number | null) {
  return db
    .select({ id: qualityActivities.id, position: qualityActivities.position })
    .from(qualityActivities)
    .where(siblingsWhere(projectId, parentId))
    .orderBy(asc(qualityActivities.position), asc(qualityActivities.id));
}

/** An activity and every descendant (ids, with their levels). */
export async function subtreeOf(db: DbOrTx, rootId: number): Promise<{ id: number; level: number }[]> {
  const result = await db.execute(sql`with recursive sub(id, level) as (
      select id, level from quality_activities where id = ${rootId}
      union all select a.id, a.level from quality_activities a join sub on a.parent_id = sub.id)
    select id, level from sub`);
  return rowsOf<{ id: number; level: number }>(result).map((r) => ({ id: Number(r.id), level: Number(r.level) }));
}

/** docs/api.md: at most ACTIVITIES_PER_PROJECT_MAX activities in one project (the list answers them all). */
export async function assertRoomFor(db: DbOrTx, projectId: number, adding: number): Promise<void> {
  const count = await db.$count(qualityActivities, eq(qualityActivities.projectId, projectId));
  if (count + adding > ACTIVITIES_PER_PROJECT_MAX)
    throw new ApiError(422, 'quality.errors.too_many_activities', { max: String(ACTIVITIES_PER_PROJECT_MAX) });
}
