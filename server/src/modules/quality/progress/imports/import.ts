import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { ACTIVITIES_PER_PROJECT_MAX } from '#domain/quality';
import type { DbOrTx } from '../../../../db/client.ts';
import { qualityActivities, qualityAttributes, qualityAttributeValues } from '../../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { ApiError } from '../../../../lib/errors.ts';
import { emitActivitiesChanged } from '../shared/events.ts';
import { writeHistory } from '../shared/history.ts';
import { writeValues } from '../shared/values.ts';
import type { ImportCheck, ImportContext } from './check.ts';

/** Activities per insert: 1,000 rows of 14 columns stay far below PostgreSQL's 65,535 parameters. */
export const IMPORT_CHUNK = 1000;

/** The project's codes and the company's attributes with their values, which the rows are checked against. */
export async function loadImportContext(db: DbOrTx, companyId: number, projectId: number): Promise<ImportContext> {
  const [codes, attributes] = await Promise.all([
    db
      .select({ id: qualityActivities.id, code: qualityActivities.code, level: qualityActivities.level })
      .from(qualityActivities)
      .where(
        and(
          eq(qualityActivities.companyId, companyId),
          eq(qualityActivities.projectId, projectId),
          isNotNull(qualityActivities.code),
        ),
      ),
    db
      .select({ id: qualityAttributes.id })
      .from(qualityAttributes)
      .where(eq(qualityAttributes.companyId, companyId))
      .orderBy(asc(qualityAttributes.position)),
  ]);
  const values = attributes.length
    ? await db
        .select({
          id: qualityAttributeValues.id,
          attributeId: qualityAttributeValues.attributeId,
          name: qualityAttributeValues.name,
        })
        .from(qualityAttributeValues)
        .where(
          inArray(
            qualityAttributeValues.attributeId,
            attributes.map((a) => a.id),
          ),
        )
    : [];
  const byAttribute = new Map<number, Map<string, number>>(attributes.map((a) => [a.id, new Map()]));
  for (const v of values) byAttribute.get(v.attributeId)?.set(v.name.toLowerCase(), v.id);
  return {
    projectCodes: new Map(codes.map((c) => [c.code!.toLowerCase(), { id: c.id, level: c.level }])),
    attributes: byAttribute,
  };
}

/** docs/api.md Quality: a project holds at most ACTIVITIES_PER_PROJECT_MAX activities, imported ones included. */
export async function refuseOverfullProject(db: DbOrTx, companyId: number, projectId: number, adding: number) {
  const existing = await db.$count(
    qualityActivities,
    and(eq(qualityActivities.companyId, companyId), eq(qualityActivities.projectId, projectId)),
  );
  if (existing + adding > ACTIVITIES_PER_PROJECT_MAX)
    throw new ApiError(422, 'quality.errors.import_project_full', {
      count: existing + adding,
      max: ACTIVITIES_PER_PROJECT_MAX,
    });
}

/**
 * Writes a checked import in ONE transaction: the new attribute values, the activities parents first (a level at a
 * time, IMPORT_CHUNK per insert, siblings after the project's rows in file order), their values, one history row
 * 'imported' each and one live event. Any failure rolls all of it back. `onChunk` runs after each insert of
 * activities (tests make a later chunk fail with it).
 */
export async function runImport(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  check: ImportCheck,
  context: ImportContext,
  opts: { onChunk?: (inserted: number) => void | Promise<void> } = {},
): Promise<{ created: number; values_created: number }> {
  const { companyId } = user;
  return transactionWithEvents(deps, async (tx) => {
    let valuesCreated = 0;
    const valueIdOf = new Map<number, Map<string, number>>();
    for (const [attributeId, known] of context.attributes) valueIdOf.set(attributeId, new Map(known));
    for (const [attributeId, names] of check.newValues) {
      if (!names.length) continue;
      const [last] = await tx
        .select({ position: max(qualityAttributeValues.position) })
        .from(qualityAttributeValues)
        .where(eq(qualityAttributeValues.attributeId, attributeId));
      const start = (last?.position ?? -1) + 1;
      for (let i = 0; i < names.length; i += IMPORT_CHUNK) {
        const created = await tx
          .insert(qualityAttributeValues)
          .values(
            names
              .slice(i, i + IMPORT_CHUNK)
              .map((name, k) => ({ companyId, attributeId, name, position: start + i + k })),
          )
          .returning({ id: qualityAttributeValues.id, name: qualityAttributeValues.name });
        for (const v of created) valueIdOf.get(attributeId)!.set(v.name.toLowerCase(), v.id);
        valuesCreated += created.length;
      }
    }

    const [last] = await tx
      .select({ position: max(qualityActivities.position) })
      .from(qualityActivities)
      .where(and(eq(qualityActivities.companyId, companyId), eq(qualityActivities.projectId, projectId)));
    const base = (last?.position ?? -1) + 1;
    const idOf: number[] = [];
    const byLevel = check.rows.map((_, i) => i).sort((a, b) => check.rows[a].level - check.rows[b].level || a - b);
    let inserted = 0;
    // A chunk never mixes levels: a row's parent is always in an earlier insert, so its id is known.
    const chunks: number[][] = [];
    for (const index of byLevel) {
      const current = chunks.at(-1);
      if (current && current.length < IMPORT_CHUNK && check.rows[current[0]].level === check.rows[index].level)
        current.push(index);
      else chunks.push([index]);
    }
    for (const chunk of chunks) {
      const ids = await tx
        .insert(qualityActivities)
        .values(
          chunk.map((index) => {
            const r = check.rows[index];
            const parentId = !r.parent
              ? null
              : 'fileIndex' in r.parent
                ? idOf[r.parent.fileIndex]
                : r.parent.activityId;
            return {
              companyId,
              projectId,
              parentId,
              code: r.code,
              level: r.level,
              position: base + index,
              description: r.description,
              estimatedStart: r.estimated_start,
              estimatedEnd: r.estimated_end,
              actualStart: r.actual_start,
              actualEnd: r.actual_end,
              progress: r.progress,
              estimatedCost: r.estimated_cost,
              actualCost: r.actual_cost,
              currency: r.currency,
              createdBy: user.id,
            };
          }),
        )
        .returning({ id: qualityActivities.id });
      chunk.forEach((index, k) => (idOf[index] = ids[k].id));
      inserted += ids.length;
      await opts.onChunk?.(inserted);
    }

    const entries = check.rows.flatMap((r, index) =>
      [...r.values].map(([attributeId, name]) => ({
        activityId: idOf[index],
        attributeId,
        valueId: valueIdOf.get(attributeId)!.get(name.toLowerCase())!,
      })),
    );
    await writeValues(tx, entries);
    await writeHistory(
      tx,
      { companyId, userId: user.id },
      idOf.map((activityId) => ({ activityId, kind: 'imported' as const })),
    );
    await emitActivitiesChanged(tx, { companyId, projectId, actorId: user.id, changedIds: idOf });
    return { created: idOf.length, values_created: valuesCreated };
  });
}
