import { and, asc, count, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { ATTRIBUTE_VALUES_MAX } from '#domain/quality';
import type { QualityAttribute } from '#domain/quality-responses';
import { attributeValueSchema } from '#domain/schemas/quality';
import type { DbOrTx, Tx } from '../../../../db/client.ts';
import type { AppDeps } from '../../../../http/context.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import { emitActivitiesChanged } from '../shared/events.ts';
import {
  qualityActivities,
  qualityActivityValues,
  qualityAttributes,
  qualityAttributeValues,
} from '../../../../db/schema/index.ts';
import { ApiError, isUniqueViolation, notFound, unprocessable, type FieldError } from '../../../../lib/errors.ts';
import { issueToFieldError } from '../../../../lib/validate.ts';

export type Attribute = typeof qualityAttributes.$inferSelect;
export type AttributeValue = typeof qualityAttributeValues.$inferSelect;

const attributeNameTaken = () => unprocessable([{ field: 'name', key: 'quality.errors.attribute_name_taken' }]);
const valueNameTaken = () => unprocessable([{ field: 'name', key: 'quality.errors.value_name_taken' }]);

/** An attribute of the caller's company; another company's is a 404 like an unknown id. */
export async function loadAttribute(db: DbOrTx, companyId: number, attributeId: number): Promise<Attribute> {
  const [row] = await db
    .select()
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.id, attributeId), eq(qualityAttributes.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

/** A value of that attribute (a value of another attribute, even of the same company, is a 404). */
export async function loadValue(db: DbOrTx, attribute: Attribute, valueId: number): Promise<AttributeValue> {
  const [row] = await db
    .select()
    .from(qualityAttributeValues)
    .where(and(eq(qualityAttributeValues.id, valueId), eq(qualityAttributeValues.attributeId, attribute.id)));
  if (!row) throw notFound();
  return row;
}

/** The company's attributes by position, each with its values and how many activities hold each value. */
export async function listAttributes(db: DbOrTx, companyId: number, onlyId?: number): Promise<QualityAttribute[]> {
  const attributes = await db
    .select({ id: qualityAttributes.id, name: qualityAttributes.name, position: qualityAttributes.position })
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.companyId, companyId), onlyId ? eq(qualityAttributes.id, onlyId) : undefined))
    .orderBy(asc(qualityAttributes.position), asc(qualityAttributes.id));
  if (!attributes.length) return [];
  const ids = attributes.map((a) => a.id);
  const [values, counts] = await Promise.all([
    db
      .select({
        id: qualityAttributeValues.id,
        attributeId: qualityAttributeValues.attributeId,
        name: qualityAttributeValues.name,
      })
      .from(qualityAttributeValues)
      .where(inArray(qualityAttributeValues.attributeId, ids))
      .orderBy(asc(qualityAttributeValues.position), asc(qualityAttributeValues.id)),
    db
      .select({ valueId: qualityActivityValues.valueId, n: count() })
      .from(qualityActivityValues)
      .where(inArray(qualityActivityValues.attributeId, ids))
      .groupBy(qualityActivityValues.valueId),
  ]);
  const countOf = new Map(counts.map((c) => [c.valueId, Number(c.n)]));
  const valuesOf = new Map<number, QualityAttribute['values']>(ids.map((id) => [id, []]));
  for (const v of values)
    valuesOf.get(v.attributeId)?.push({ id: v.id, name: v.name, activity_count: countOf.get(v.id) ?? 0 });
  return attributes.map((a) => ({ ...a, values: valuesOf.get(a.id) ?? [] }));
}

export async function attributeRow(db: DbOrTx, companyId: number, attributeId: number): Promise<QualityAttribute> {
  const [row] = await listAttributes(db, companyId, attributeId);
  if (!row) throw notFound();
  return row;
}

/** Names are unique in the company in any case (index quality_attributes_name_uq): a repeat is a 422 on the name. */
async function refuseTakenAttributeName(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: qualityAttributes.id })
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.companyId, companyId), sql`lower(${qualityAttributes.name}) = lower(${name})`));
  if (taken && taken.id !== exceptId) throw attributeNameTaken();
}

async function unlessRaced<T>(index: string, error: () => ApiError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, index)) throw error();
    throw e;
  }
}

export async function createAttribute(db: DbOrTx, companyId: number, name: string): Promise<Attribute> {
  await refuseTakenAttributeName(db, companyId, name);
  const [last] = await db
    .select({ position: max(qualityAttributes.position) })
    .from(qualityAttributes)
    .where(eq(qualityAttributes.companyId, companyId));
  const [row] = await unlessRaced('quality_attributes_name_uq', attributeNameTaken, () =>
    db
      .insert(qualityAttributes)
      .values({ companyId, name, position: (last?.position ?? -1) + 1 })
      .returning(),
  );
  return row;
}

export async function renameAttribute(db: DbOrTx, attribute: Attribute, name: string): Promise<void> {
  await refuseTakenAttributeName(db, attribute.companyId, name, attribute.id);
  await unlessRaced('quality_attributes_name_uq', attributeNameTaken, () =>
    db.update(qualityAttributes).set({ name, updatedAt: new Date() }).where(eq(qualityAttributes.id, attribute.id)),
  );
}

/**
 * Deleting an attribute takes its values off every activity (the foreign keys cascade). Each project whose
 * activities lost a value gets one live event with their rows as they are now; answers how many activities.
 */
export async function deleteAttribute(deps: AppDeps, attribute: Attribute, actorId: number): Promise<number> {
  return transactionWithEvents(deps, async (tx) => {
    const holders = await holdersOf(tx, eq(qualityActivityValues.attributeId, attribute.id));
    await tx.delete(qualityAttributes).where(eq(qualityAttributes.id, attribute.id));
    await announce(tx, attribute.companyId, actorId, holders);
    return holders.length;
  });
}

/** Deleting a value takes it off the activities that had it (the foreign key cascades); answers how many. */
export async function deleteValue(deps: AppDeps, value: AttributeValue, actorId: number): Promise<number> {
  return transactionWithEvents(deps, async (tx) => {
    const holders = await holdersOf(tx, eq(qualityActivityValues.valueId, value.id));
    await tx.delete(qualityAttributeValues).where(eq(qualityAttributeValues.id, value.id));
    await announce(tx, value.companyId, actorId, holders);
    return holders.length;
  });
}

/** The activities holding a value (of one attribute or one value), with their projects. */
async function holdersOf(tx: Tx, holding: SQL) {
  return tx
    .select({ id: qualityActivities.id, projectId: qualityActivities.projectId })
    .from(qualityActivityValues)
    .innerJoin(qualityActivities, eq(qualityActivities.id, qualityActivityValues.activityId))
    .where(holding);
}

/** One 'quality.activities.changed' per project touched (progress/shared/events.ts), so open lists drop the value. */
async function announce(tx: Tx, companyId: number, actorId: number, holders: { id: number; projectId: number }[]) {
  const byProject = new Map<number, number[]>();
  for (const h of holders) byProject.set(h.projectId, [...(byProject.get(h.projectId) ?? []), h.id]);
  for (const [projectId, changedIds] of byProject)
    await emitActivitiesChanged(tx, { companyId, projectId, actorId, changedIds });
}

/** The attribute's value names in lower case, for the uniqueness rule of docs/product.md §5. */
async function takenValueNames(db: DbOrTx, attributeId: number) {
  const rows = await db
    .select({ id: qualityAttributeValues.id, name: qualityAttributeValues.name })
    .from(qualityAttributeValues)
    .where(eq(qualityAttributeValues.attributeId, attributeId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

function refuseOverLimit(current: number, adding: number) {
  if (current + adding > ATTRIBUTE_VALUES_MAX)
    throw unprocessable([{ field: 'name', key: 'validation.max_items', params: { max: ATTRIBUTE_VALUES_MAX } }]);
}

async function nextValuePosition(db: DbOrTx, attributeId: number) {
  const [last] = await db
    .select({ position: max(qualityAttributeValues.position) })
    .from(qualityAttributeValues)
    .where(eq(qualityAttributeValues.attributeId, attributeId));
  return (last?.position ?? -1) + 1;
}

export async function createValue(db: DbOrTx, attribute: Attribute, name: string): Promise<AttributeValue> {
  const taken = await takenValueNames(db, attribute.id);
  if (taken.has(name.toLowerCase())) throw valueNameTaken();
  refuseOverLimit(taken.size, 1);
  const position = await nextValuePosition(db, attribute.id);
  const [row] = await unlessRaced('quality_attribute_values_name_uq', valueNameTaken, () =>
    db
      .insert(qualityAttributeValues)
      .values({ companyId: attribute.companyId, attributeId: attribute.id, name, position })
      .returning(),
  );
  return row;
}

/**
 * Several values, one per line (docs/product.md §5: names non-empty and unique): blank lines are skipped; a line
 * repeated in the text or naming an existing value, or breaking the name's rules, is an error of that line
 * (field `names.<line>`, 1-based) and nothing is created.
 */
export async function createValues(db: DbOrTx, attribute: Attribute, text: string): Promise<AttributeValue[]> {
  const taken = await takenValueNames(db, attribute.id);
  const errors: FieldError[] = [];
  const names: string[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const parsed = attributeValueSchema.safeParse({ name: raw });
    if (!parsed.success) {
      errors.push({ field: `names.${line}`, ...lineRule(issueToFieldError(parsed.error.issues[0]), line) });
      return;
    }
    const name = parsed.data.name;
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined)
      errors.push({ field: `names.${line}`, key: 'quality.errors.bulk_line_repeated', params: { line, name, first } });
    else if (taken.has(key))
      errors.push({ field: `names.${line}`, key: 'quality.errors.bulk_line_taken', params: { line, name } });
    else {
      seen.set(key, line);
      names.push(name);
    }
  });
  if (errors.length) throw unprocessable(errors);
  if (!names.length) throw unprocessable([{ field: 'names', key: 'validation.required' }]);
  refuseOverLimit(taken.size, names.length);
  const position = await nextValuePosition(db, attribute.id);
  return unlessRaced('quality_attribute_values_name_uq', valueNameTaken, () =>
    db
      .insert(qualityAttributeValues)
      .values(
        names.map((name, i) => ({
          companyId: attribute.companyId,
          attributeId: attribute.id,
          name,
          position: position + i,
        })),
      )
      .returning(),
  );
}

const LINE_RULES = ['max_length', 'no_double_spaces'];

/** A name rule a line broke (domain/schemas/quality.ts attributeValueSchema), worded with the line number. */
function lineRule(fe: FieldError, line: number): Pick<FieldError, 'key' | 'params'> {
  const rule = fe.key.replace(/^validation\./, '');
  const known = LINE_RULES.includes(rule) ? rule : 'invalid';
  return { key: `quality.errors.bulk_line_${known}`, params: { ...(fe.params ?? {}), line } };
}

export async function renameValue(db: DbOrTx, value: AttributeValue, name: string): Promise<AttributeValue> {
  const taken = await takenValueNames(db, value.attributeId);
  const holder = taken.get(name.toLowerCase());
  if (holder !== undefined && holder !== value.id) throw valueNameTaken();
  const [row] = await unlessRaced('quality_attribute_values_name_uq', valueNameTaken, () =>
    db.update(qualityAttributeValues).set({ name }).where(eq(qualityAttributeValues.id, value.id)).returning(),
  );
  return row;
}
