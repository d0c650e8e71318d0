import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../../db/client.ts';
import { qualityAttributes, qualityAttributeValues, qualityActivityValues } from '../../../../db/schema/index.ts';
import { unprocessable, type FieldError } from '../../../../lib/errors.ts';
import { inChunks } from './chunks.ts';

/** attribute id (as the body's key) → value id, or null to clear that attribute (activityFields.values). */
export type ValuesInput = Record<string, number | null>;

export type ResolvedValue = { attributeId: number; valueId: number | null; valueName: string | null };

/**
 * Checks an activity's values map against the company's attributes: every key an attribute of the company, every
 * value one of that attribute's. Answers them resolved, or a 422 naming `values.<attributeId>`
 * (quality.errors.attribute_unknown, quality.errors.value_unknown).
 */
export async function resolveValues(db: DbOrTx, companyId: number, input: ValuesInput): Promise<ResolvedValue[]> {
  const attributeIds = Object.keys(input).map(Number);
  if (!attributeIds.length) return [];
  const valueIds = Object.values(input).filter((v): v is number => v !== null);
  const [attributes, values] = await Promise.all([
    db
      .select({ id: qualityAttributes.id })
      .from(qualityAttributes)
      .where(and(eq(qualityAttributes.companyId, companyId), inArray(qualityAttributes.id, attributeIds))),
    valueIds.length
      ? db
          .select({
            id: qualityAttributeValues.id,
            attributeId: qualityAttributeValues.attributeId,
            name: qualityAttributeValues.name,
          })
          .from(qualityAttributeValues)
          .where(and(eq(qualityAttributeValues.companyId, companyId), inArray(qualityAttributeValues.id, valueIds)))
      : Promise.resolve([]),
  ]);
  const known = new Set(attributes.map((a) => a.id));
  const byId = new Map(values.map((v) => [v.id, v]));
  const errors: FieldError[] = [];
  const out: ResolvedValue[] = [];
  for (const [key, valueId] of Object.entries(input)) {
    const attributeId = Number(key);
    const field = `values.${key}`;
    if (!known.has(attributeId)) errors.push({ field, key: 'quality.errors.attribute_unknown' });
    else if (valueId === null) out.push({ attributeId, valueId: null, valueName: null });
    else {
      const value = byId.get(valueId);
      if (!value || value.attributeId !== attributeId) errors.push({ field, key: 'quality.errors.value_unknown' });
      else out.push({ attributeId, valueId, valueName: value.name });
    }
  }
  if (errors.length) throw unprocessable(errors);
  return out;
}

/** Value names by id, for history entries (`attribute:<id>`: [before name, after name]). */
export async function valueNamesOf(db: DbOrTx, valueIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await inChunks([...new Set(valueIds)], (chunk) =>
    db
      .select({ id: qualityAttributeValues.id, name: qualityAttributeValues.name })
      .from(qualityAttributeValues)
      .where(inArray(qualityAttributeValues.id, chunk)),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Sets (or clears, valueId null) resolved values of several activities: one upsert and one delete. */
export async function writeValues(
  tx: Tx,
  entries: readonly { activityId: number; attributeId: number; valueId: number | null }[],
): Promise<void> {
  const set = entries.filter((e) => e.valueId !== null) as {
    activityId: number;
    attributeId: number;
    valueId: number;
  }[];
  const cleared = entries.filter((e) => e.valueId === null);
  for (const e of cleared)
    await tx
      .delete(qualityActivityValues)
      .where(
        and(eq(qualityActivityValues.activityId, e.activityId), eq(qualityActivityValues.attributeId, e.attributeId)),
      );
  for (let i = 0; i < set.length; i += 5000)
    await tx
      .insert(qualityActivityValues)
      .values(set.slice(i, i + 5000))
      .onConflictDoUpdate({
        target: [qualityActivityValues.activityId, qualityActivityValues.attributeId],
        set: { valueId: sql`excluded.value_id` },
      });
}
