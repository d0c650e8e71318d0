import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityLink, ActivityRow } from '#domain/quality-responses';
import type { DbOrTx } from '../../../../db/client.ts';
import {
  qualityActivities,
  qualityActivityElements,
  qualityActivityLinks,
  qualityActivityValues,
} from '../../../../db/schema/index.ts';
import { inChunks } from './chunks.ts';
import type { QualityActivity } from './scope.ts';

/**
 * Activities as the API answers them (activityRowSchema of domain/quality-responses.ts): the list, every write's
 * answer and the live event's rows all come from here, so the three never drift apart.
 */

/** attribute id → value id of each activity, read by ids in chunks. */
export async function valuesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select({
        activityId: qualityActivityValues.activityId,
        attributeId: qualityActivityValues.attributeId,
        valueId: qualityActivityValues.valueId,
      })
      .from(qualityActivityValues)
      .where(inArray(qualityActivityValues.activityId, chunk)),
  );
  const out = new Map<number, Record<string, number>>();
  for (const r of rows) {
    let values = out.get(r.activityId);
    if (!values) out.set(r.activityId, (values = {}));
    values[String(r.attributeId)] = r.valueId;
  }
  return out;
}

/** Elements linked to each activity, every model together. */
export async function elementCountsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select({ activityId: qualityActivityElements.activityId, n: sql<number>`count(*)::int` })
      .from(qualityActivityElements)
      .where(inArray(qualityActivityElements.activityId, chunk))
      .groupBy(qualityActivityElements.activityId),
  );
  return new Map(rows.map((r) => [r.activityId, Number(r.n)]));
}

/** One stored activity and what was read beside it, as the API answers it. */
export function activityRow(
  a: QualityActivity,
  values: Record<string, number> | undefined,
  elementCount: number | undefined,
): ActivityRow {
  return {
    id: a.id,
    project_id: a.projectId,
    parent_id: a.parentId,
    code: a.code,
    level: a.level,
    position: a.position,
    description: a.description,
    estimated_start: a.estimatedStart,
    estimated_end: a.estimatedEnd,
    actual_start: a.actualStart,
    actual_end: a.actualEnd,
    progress: a.progress,
    estimated_cost: a.estimatedCost,
    actual_cost: a.actualCost,
    currency: a.currency,
    values: values ?? {},
    element_count: elementCount ?? 0,
    updated_at: a.updatedAt.toISOString(),
  };
}

/** Stored activities already read → API rows (their values and element counts read by ids, in chunks). */
export async function rowsOfActivities(db: DbOrTx, activities: readonly QualityActivity[]): Promise<ActivityRow[]> {
  const ids = activities.map((a) => a.id);
  const [values, counts] = await Promise.all([valuesOf(db, ids), elementCountsOf(db, ids)]);
  return activities.map((a) => activityRow(a, values.get(a.id), counts.get(a.id)));
}

/**
 * The activities of `ids` in the company, as the API answers them, in the order of `ids` (ids not found, or of
 * another company, are left out). Callers have already scoped the ids to the user (scope.ts); three queries per
 * 5,000 ids. For H7's imports and attribute routes as much as for the activity routes.
 */
export async function activityRowsOf(db: DbOrTx, companyId: number, ids: readonly number[]): Promise<ActivityRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const activities = await inChunks(unique, (chunk) =>
    db
      .select()
      .from(qualityActivities)
      .where(and(eq(qualityActivities.companyId, companyId), inArray(qualityActivities.id, chunk))),
  );
  const byId = new Map((await rowsOfActivities(db, activities)).map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)).filter((r): r is ActivityRow => r !== undefined);
}

export const linkRow = (l: typeof qualityActivityLinks.$inferSelect): ActivityLink => ({
  id: l.id,
  source_id: l.sourceId,
  target_id: l.targetId,
  type: l.type,
});

/** The dependencies whose both ends are among `ids`, by id. */
export async function linksAmong(db: DbOrTx, companyId: number, ids: readonly number[]): Promise<ActivityLink[]> {
  const visible = new Set(ids);
  const links = await inChunks([...visible], (chunk) =>
    db
      .select()
      .from(qualityActivityLinks)
      .where(and(eq(qualityActivityLinks.companyId, companyId), inArray(qualityActivityLinks.sourceId, chunk)))
      .orderBy(asc(qualityActivityLinks.id)),
  );
  return links
    .filter((l) => visible.has(l.targetId))
    .sort((x, y) => x.id - y.id)
    .map(linkRow);
}

/**
 * Tree order (activityListSchema): a parent before its children, siblings by position then id; a row whose
 * parent is not among `rows` stands as a root.
 */
export function inTreeOrder<R extends { id: number; parent_id: number | null; position: number }>(rows: R[]): R[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, R[]>();
  for (const r of rows) {
    const parent = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(r);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: R[] = [];
  // Iterative, so a deep or long tree never meets the call stack's limit.
  const stack: R[] = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const r = stack.pop()!;
    out.push(r);
    const kids = children.get(r.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i -= 1) stack.push(kids[i]);
  }
  return out;
}
