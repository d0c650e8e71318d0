import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { linkRuleSchema } from '#domain/schemas/quality';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import {
  bimElements,
  qualityActivities,
  qualityActivityElements,
  qualityActivityValues,
  qualityAttributeValues,
  qualityAttributes,
} from '../../../db/schema/index.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { emitActivitiesChanged } from '../progress/shared/events.ts';
import { writeHistory } from '../progress/shared/history.ts';
import { loadModel } from '../shared/scope.ts';

export type LinkRuleInput = z.infer<typeof linkRuleSchema>;

/** Ids and names per statement, well under PostgreSQL's parameter limit. */
const CHUNK = 1000;
const chunks = <T>(list: readonly T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** The element's side of a rule: storey, class, name, or one property "<Pset>.<Property>" of the index. */
function propertyExpression(property: string): SQL {
  const p = property.trim();
  if (p === 'storey') return sql`${bimElements.storey}`;
  if (p === 'ifc_class') return sql`${bimElements.ifcClass}`;
  if (p === 'name') return sql`${bimElements.name}`;
  const dot = p.indexOf('.');
  if (dot <= 0 || dot === p.length - 1)
    throw unprocessable([{ field: 'property', key: 'quality.errors.link_property' }]);
  return sql`(${bimElements.properties} ->> ${p})`;
}

/**
 * POST calidad/modelos/{id}/regla-vinculo: links each activity of the model's project that has a value of
 * `attribute_id` to the model's elements whose `property` equals that value's name, case ignored (optionally only
 * elements of one IFC class). With `replace`, the links those activities had to this model go first. Each activity
 * whose links changed gets an 'elements' history entry ({ elements: [before, after] }, its links to this model) and
 * the project's screens the live 'quality.activities.changed'. Answers how many activities got elements and how many
 * distinct elements the rule linked.
 */
export async function applyLinkRule(deps: AppDeps, user: SessionUser, modelId: number, input: LinkRuleInput) {
  const db = deps.database.db;
  const model = await loadModel(db, user, modelId);
  const expression = propertyExpression(input.property);
  const [attribute] = await db
    .select({ id: qualityAttributes.id })
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.id, input.attribute_id), eq(qualityAttributes.companyId, user.companyId)));
  if (!attribute) throw unprocessable([{ field: 'attribute_id', key: 'quality.errors.attribute_unknown' }]);

  // The project's activities with a value of the attribute, and that value's name.
  const valued = await db
    .select({ activityId: qualityActivityValues.activityId, value: qualityAttributeValues.name })
    .from(qualityActivityValues)
    .innerJoin(qualityActivities, eq(qualityActivities.id, qualityActivityValues.activityId))
    .innerJoin(qualityAttributeValues, eq(qualityAttributeValues.id, qualityActivityValues.valueId))
    .where(
      and(
        eq(qualityActivityValues.attributeId, attribute.id),
        eq(qualityActivities.companyId, user.companyId),
        eq(qualityActivities.projectId, model.projectId),
      ),
    );
  const activitiesByKey = new Map<string, number[]>();
  for (const v of valued) {
    const key = v.value.trim().toLowerCase();
    activitiesByKey.set(key, [...(activitiesByKey.get(key) ?? []), v.activityId]);
  }

  // The model's elements whose property matches one of those names.
  const elementsByKey = new Map<string, Set<string>>();
  for (const keys of chunks([...activitiesByKey.keys()])) {
    const rows = await db
      .select({ globalId: bimElements.globalId, key: sql<string>`lower(trim(${expression}))` })
      .from(bimElements)
      .where(
        and(
          eq(bimElements.modelId, model.id),
          inArray(sql`lower(trim(${expression}))`, keys),
          input.ifc_class ? sql`lower(${bimElements.ifcClass}) = ${input.ifc_class.toLowerCase()}` : undefined,
        ),
      );
    for (const r of rows) {
      const set = elementsByKey.get(r.key) ?? new Set<string>();
      set.add(r.globalId);
      elementsByKey.set(r.key, set);
    }
  }

  const pairs: { activityId: number; globalId: string }[] = [];
  const linkedActivities = new Set<number>();
  const linkedElements = new Set<string>();
  for (const [key, activityIds] of activitiesByKey) {
    const elements = elementsByKey.get(key);
    if (!elements?.size) continue;
    for (const activityId of activityIds) {
      linkedActivities.add(activityId);
      for (const globalId of elements) {
        pairs.push({ activityId, globalId });
        linkedElements.add(globalId);
      }
    }
  }

  const touched = [...new Set(valued.map((v) => v.activityId))];
  await transactionWithEvents(deps, async (tx) => {
    const countsOf = async () => {
      const counts = new Map<number, number>();
      for (const ids of chunks(touched)) {
        const rows = await tx
          .select({ activityId: qualityActivityElements.activityId, n: count() })
          .from(qualityActivityElements)
          .where(and(eq(qualityActivityElements.modelId, model.id), inArray(qualityActivityElements.activityId, ids)))
          .groupBy(qualityActivityElements.activityId);
        for (const r of rows) counts.set(r.activityId, r.n);
      }
      return counts;
    };
    const before = await countsOf();
    if (input.replace)
      for (const ids of chunks(touched))
        await tx
          .delete(qualityActivityElements)
          .where(and(eq(qualityActivityElements.modelId, model.id), inArray(qualityActivityElements.activityId, ids)));
    for (const part of chunks(pairs, 2000))
      await tx
        .insert(qualityActivityElements)
        .values(part.map((p) => ({ activityId: p.activityId, modelId: model.id, globalId: p.globalId })))
        .onConflictDoNothing();
    const after = await countsOf();
    const changed = touched.filter((id) => (before.get(id) ?? 0) !== (after.get(id) ?? 0));
    await writeHistory(
      tx,
      { companyId: user.companyId, userId: user.id },
      changed.map((activityId) => ({
        activityId,
        kind: 'elements' as const,
        changes: { elements: [before.get(activityId) ?? 0, after.get(activityId) ?? 0] },
      })),
    );
    if (changed.length)
      await emitActivitiesChanged(tx, {
        companyId: user.companyId,
        projectId: model.projectId,
        actorId: user.id,
        changedIds: changed,
      });
  });
  return { linked_activities: linkedActivities.size, linked_elements: linkedElements.size };
}
