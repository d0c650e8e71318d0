import { and, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVITY_BULK_MAX, ACTIVITY_DESCRIPTION_MAX } from '#domain/quality';
import type { ActivityRow } from '#domain/quality-responses';
import type { activityBulkSchema, ActivityCreateInput, ActivityUpdateInput } from '#domain/schemas/quality';
import { dateAfter, dateBefore } from '#domain/validation';
import type { Tx } from '../../../../db/client.ts';
import { qualityActivities, qualityActivityLinks } from '../../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import { unprocessable, type FieldError } from '../../../../lib/errors.ts';
import { loadActivity, loadQualityProject, type QualityActivity } from '../shared/scope.ts';
import { activityRowsOf, valuesOf } from '../shared/rows.ts';
import { diffOf, writeHistory } from '../shared/history.ts';
import { emitActivitiesChanged } from '../shared/events.ts';
import { resolveValues, valueNamesOf, writeValues, type ValuesInput } from '../shared/values.ts';
import { assertRoomFor, nextPosition, parentFor, subtreeOf } from './tree.ts';
import { moveActivity } from './move.ts';

/** Creating, editing and deleting activities (docs/api.md, Quality: calidad/actividades). */

type Fields = Omit<ActivityUpdateInput, 'values' | 'parent_id'>;

/** API field → stored value, for the fields a body may carry (the keys history entries name). */
function columnsOf(f: Fields): Partial<typeof qualityActivities.$inferInsert> {
  const out: Partial<typeof qualityActivities.$inferInsert> = {};
  if (f.description !== undefined) out.description = f.description;
  if (f.code !== undefined) out.code = f.code || null;
  if (f.estimated_start !== undefined) out.estimatedStart = f.estimated_start;
  if (f.estimated_end !== undefined) out.estimatedEnd = f.estimated_end;
  if (f.actual_start !== undefined) out.actualStart = f.actual_start;
  if (f.actual_end !== undefined) out.actualEnd = f.actual_end;
  if (f.progress !== undefined) out.progress = f.progress ?? 0;
  if (f.estimated_cost !== undefined) out.estimatedCost = f.estimated_cost;
  if (f.actual_cost !== undefined) out.actualCost = f.actual_cost;
  if (f.currency !== undefined) out.currency = f.currency;
  return out;
}

/** The API's view of a stored activity's own fields, to diff before and after. */
const fieldsOf = (a: QualityActivity): Record<string, unknown> => ({
  description: a.description,
  code: a.code,
  estimated_start: a.estimatedStart,
  estimated_end: a.estimatedEnd,
  actual_start: a.actualStart,
  actual_end: a.actualEnd,
  progress: a.progress,
  estimated_cost: a.estimatedCost,
  actual_cost: a.actualCost,
  currency: a.currency,
});

/** A PATCH's dates against the stored ones (the schema checked those sent together): 422 on the field sent. */
function checkStoredDates(stored: QualityActivity, body: Fields) {
  const errors: FieldError[] = [];
  for (const [start, end, s, e] of [
    ['estimated_start', 'estimated_end', stored.estimatedStart, stored.estimatedEnd],
    ['actual_start', 'actual_end', stored.actualStart, stored.actualEnd],
  ] as const) {
    const hasStart = body[start] !== undefined;
    const hasEnd = body[end] !== undefined;
    if (hasStart && hasEnd) continue;
    const error = hasEnd ? dateAfter(body[end], s, true) : hasStart ? dateBefore(body[start], e, true) : null;
    if (error) errors.push({ field: hasEnd ? end : start, key: error.key, params: error.params });
  }
  if (errors.length) throw unprocessable(errors);
}

/** `attribute:<id>` → [before name, after name] of the values that change. */
async function valueChanges(
  tx: Tx,
  before: Record<string, number> | undefined,
  resolved: Awaited<ReturnType<typeof resolveValues>>,
): Promise<Record<string, [unknown, unknown]>> {
  const names = await valueNamesOf(tx, Object.values(before ?? {}));
  const out: Record<string, [unknown, unknown]> = {};
  for (const r of resolved) {
    const old = before?.[String(r.attributeId)] ?? null;
    if (old === r.valueId) continue;
    out[`attribute:${r.attributeId}`] = [old === null ? null : (names.get(old) ?? null), r.valueName];
  }
  return out;
}

export async function createActivity(
  deps: AppDeps,
  user: SessionUser,
  body: ActivityCreateInput,
): Promise<ActivityRow> {
  return transactionWithEvents(deps, async (tx) => {
    await loadQualityProject(tx, user, body.project_id);
    const parent = await parentFor(tx, user, body.project_id, body.parent_id);
    const resolved = await resolveValues(tx, user.companyId, (body.values ?? {}) as ValuesInput);
    await assertRoomFor(tx, body.project_id, 1);
    const [created] = await tx
      .insert(qualityActivities)
      .values({
        ...columnsOf(body),
        description: body.description,
        companyId: user.companyId,
        projectId: body.project_id,
        parentId: parent?.id ?? null,
        level: parent ? parent.level + 1 : 0,
        position: await nextPosition(tx, body.project_id, parent?.id ?? null),
        createdBy: user.id,
      })
      .returning();
    await writeValues(
      tx,
      resolved.map((r) => ({ ...r, activityId: created.id })),
    );
    const changes = diffOf({}, fieldsOf(created)) ?? {};
    Object.assign(changes, await valueChanges(tx, undefined, resolved));
    await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
      { activityId: created.id, kind: 'created', changes },
    ]);
    const [row] = await activityRowsOf(tx, user.companyId, [created.id]);
    await emitActivitiesChanged(tx, {
      companyId: user.companyId,
      projectId: body.project_id,
      actorId: user.id,
      rows: [row],
    });
    return row;
  });
}

type BulkInput = z.infer<typeof activityBulkSchema>;

/** POST masivo: one description per line (blank lines skipped), appended in order under one parent. */
export async function createActivities(deps: AppDeps, user: SessionUser, body: BulkInput): Promise<ActivityRow[]> {
  const lines = body.descriptions.split('\n').map((l) => l.trim());
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    if (line.length > ACTIVITY_DESCRIPTION_MAX && errors.length < 20)
      errors.push({
        field: 'descriptions',
        key: 'quality.errors.line_too_long',
        params: { line: String(i + 1), max: String(ACTIVITY_DESCRIPTION_MAX) },
      });
  });
  const descriptions = lines.filter(Boolean);
  if (descriptions.length > ACTIVITY_BULK_MAX)
    errors.push({
      field: 'descriptions',
      key: 'quality.errors.too_many_lines',
      params: { max: String(ACTIVITY_BULK_MAX) },
    });
  if (errors.length) throw unprocessable(errors);
  return transactionWithEvents(deps, async (tx) => {
    await loadQualityProject(tx, user, body.project_id);
    const parent = await parentFor(tx, user, body.project_id, body.parent_id);
    await assertRoomFor(tx, body.project_id, descriptions.length);
    const first = await nextPosition(tx, body.project_id, parent?.id ?? null);
    const created = await tx
      .insert(qualityActivities)
      .values(
        descriptions.map((description, i) => ({
          companyId: user.companyId,
          projectId: body.project_id,
          parentId: parent?.id ?? null,
          level: parent ? parent.level + 1 : 0,
          position: first + i,
          description,
          createdBy: user.id,
        })),
      )
      .returning({ id: qualityActivities.id });
    const ids = created.map((c) => c.id);
    await writeHistory(
      tx,
      { companyId: user.companyId, userId: user.id },
      ids.map((activityId, i) => ({ activityId, kind: 'created', changes: { description: [null, descriptions[i]] } })),
    );
    const rows = await activityRowsOf(tx, user.companyId, ids);
    await emitActivitiesChanged(tx, { companyId: user.companyId, projectId: body.project_id, actorId: user.id, rows });
    return rows;
  });
}

/**
 * PATCH: only the fields sent; dates kept in order against the stored ones; values set or cleared per attribute.
 * A new parent_id moves the activity to the end of that parent (POST …/mover places it anywhere).
 */
export async function updateActivity(
  deps: AppDeps,
  user: SessionUser,
  activityId: number,
  body: ActivityUpdateInput,
): Promise<ActivityRow> {
  const { values, parent_id: parentId, ...fields } = body;
  return transactionWithEvents(deps, async (tx) => {
    const stored = await loadActivity(tx, user, activityId, true);
    checkStoredDates(stored, fields);
    const resolved = await resolveValues(tx, user.companyId, (values ?? {}) as ValuesInput);
    const before = (await valuesOf(tx, [stored.id])).get(stored.id);
    const columns = columnsOf(fields);
    const changes = diffOf(fieldsOf(stored), fieldsOf({ ...stored, ...columns } as QualityActivity)) ?? {};
    Object.assign(changes, await valueChanges(tx, before, resolved));
    const moved =
      parentId !== undefined && parentId !== stored.parentId
        ? await moveActivity(tx, user, stored, { parent_id: parentId, position: Number.MAX_SAFE_INTEGER })
        : [];
    if (Object.keys(changes).length) {
      if (Object.keys(columns).length)
        await tx
          .update(qualityActivities)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(qualityActivities.id, stored.id));
      await writeValues(
        tx,
        resolved.map((r) => ({ ...r, activityId: stored.id })),
      );
      if (!Object.keys(columns).length)
        await tx.update(qualityActivities).set({ updatedAt: new Date() }).where(eq(qualityActivities.id, stored.id));
      await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
        { activityId: stored.id, kind: 'updated', changes },
      ]);
    }
    const [row] = await activityRowsOf(tx, user.companyId, [stored.id]);
    if (Object.keys(changes).length || moved.length)
      await emitActivitiesChanged(tx, {
        companyId: user.companyId,
        projectId: stored.projectId,
        actorId: user.id,
        rows: [...moved.filter((r) => r.id !== row.id), row],
      });
    return row;
  });
}

/** DELETE: the activity and its subtree (the foreign keys cascade to values, links, elements and history). */
export async function deleteActivity(deps: AppDeps, user: SessionUser, activityId: number) {
  return transactionWithEvents(deps, async (tx) => {
    const stored = await loadActivity(tx, user, activityId, true);
    const ids = (await subtreeOf(tx, stored.id)).map((s) => s.id);
    const links = await tx
      .select({ id: qualityActivityLinks.id })
      .from(qualityActivityLinks)
      .where(
        and(
          eq(qualityActivityLinks.companyId, user.companyId),
          or(inArray(qualityActivityLinks.sourceId, ids), inArray(qualityActivityLinks.targetId, ids)),
        ),
      );
    await tx.delete(qualityActivities).where(eq(qualityActivities.id, stored.id));
    const deletedLinkIds = links.map((l) => l.id);
    await emitActivitiesChanged(tx, {
      companyId: user.companyId,
      projectId: stored.projectId,
      actorId: user.id,
      deletedIds: ids,
      deletedLinkIds,
    });
    return { deleted_ids: ids, deleted_link_ids: deletedLinkIds };
  });
}
