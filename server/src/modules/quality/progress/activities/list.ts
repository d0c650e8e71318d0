import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { foldText } from '#domain/search';
import type { ActivityList } from '#domain/quality-responses';
import type { activityListQuerySchema } from '#domain/schemas/quality';
import type { DbOrTx } from '../../../../db/client.ts';
import { qualityActivities, qualityAttributeValues } from '../../../../db/schema/index.ts';
import type { SessionUser } from '../../../../http/context.ts';
import { loadQualityProject, type QualityActivity } from '../shared/scope.ts';
import { activityRow, elementCountsOf, inTreeOrder, linksAmong, valuesOf } from '../shared/rows.ts';

export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/**
 * GET calidad/actividades (docs/api.md, Quality): the project's whole tree in tree order, with values, element
 * counts and the links among the rows answered. Filters: `q` (description or code contains it, ignoring case and
 * accents, domain/search.ts foldText) and `values` (every attribute chosen matched by one of its chosen values).
 * A filtered list keeps the ancestors of every match, so it is still a tree.
 * Cost: the activities in one query, then values, element counts and links by ids in chunks — five queries for
 * 10,000 activities, whatever the filters (tests/bench/quality-activities.ts).
 */
export async function loadActivityList(db: DbOrTx, user: SessionUser, query: ActivityListQuery): Promise<ActivityList> {
  await loadQualityProject(db, user, query.project_id);
  const all = await db
    .select()
    .from(qualityActivities)
    .where(and(eq(qualityActivities.companyId, user.companyId), eq(qualityActivities.projectId, query.project_id)));
  const values = await valuesOf(
    db,
    all.map((a) => a.id),
  );
  const matches = await matcherOf(db, user.companyId, query);
  const kept = matches ? withAncestors(all, (a) => matches(a, values.get(a.id))) : all;
  const ids = kept.map((a) => a.id);
  const [counts, links] = await Promise.all([elementCountsOf(db, ids), linksAmong(db, user.companyId, ids)]);
  const data = inTreeOrder(kept.map((a) => activityRow(a, values.get(a.id), counts.get(a.id))));
  return { data, links, total: data.length };
}

type Matcher = (a: QualityActivity, values: Record<string, number> | undefined) => boolean;

/** The filters as one predicate, or null when there are none. Value ids of no attribute of the company match nothing. */
async function matcherOf(db: DbOrTx, companyId: number, query: ActivityListQuery): Promise<Matcher | null> {
  const term = query.q ? foldText(query.q) : '';
  const valueIds = [...new Set(query.values ?? [])];
  if (!term && !valueIds.length) return null;
  // attribute id → the value ids chosen of it
  const groups = new Map<string, Set<number>>();
  let unknown = false;
  if (valueIds.length) {
    const rows = await db
      .select({ id: qualityAttributeValues.id, attributeId: qualityAttributeValues.attributeId })
      .from(qualityAttributeValues)
      .where(and(eq(qualityAttributeValues.companyId, companyId), inArray(qualityAttributeValues.id, valueIds)));
    unknown = rows.length < valueIds.length;
    for (const r of rows) {
      const key = String(r.attributeId);
      groups.set(key, (groups.get(key) ?? new Set()).add(r.id));
    }
  }
  return (a, values) => {
    if (unknown) return false;
    if (term && !foldText(a.description).includes(term) && !foldText(a.code ?? '').includes(term)) return false;
    for (const [attributeId, chosen] of groups) {
      const v = values?.[attributeId];
      if (v === undefined || !chosen.has(v)) return false;
    }
    return true;
  };
}

/** The rows matching, and every ancestor of one, in their stored order. */
function withAncestors(all: QualityActivity[], matches: (a: QualityActivity) => boolean): QualityActivity[] {
  const byId = new Map(all.map((a) => [a.id, a]));
  const keep = new Set<number>();
  for (const a of all) {
    if (!matches(a)) continue;
    let at: QualityActivity | undefined = a;
    while (at && !keep.has(at.id)) {
      keep.add(at.id);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
  }
  return all.filter((a) => keep.has(a.id));
}
