import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { unitTypeSchema, unitTypePatchSchema } from '#domain/schemas/deliveries';
import type { DbOrTx } from '../../../db/client.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  deliveryRevisionResults,
  failures,
  units,
  unitTypes,
} from '../../../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../../../lib/errors.ts';
import { loadUnitType } from './tree.ts';

/** The four levels under a unit type (docs/product.md §2 Unit type configuration), by their URL names. */
export const LEVELS = {
  areas: { table: catalogueAreas, parent: unitTypes, parentColumn: catalogueAreas.unitTypeId },
  lugares: { table: cataloguePlaces, parent: catalogueAreas, parentColumn: cataloguePlaces.areaId },
  items: { table: catalogueItems, parent: cataloguePlaces, parentColumn: catalogueItems.placeId },
  fallas: { table: catalogueFailureTypes, parent: catalogueItems, parentColumn: catalogueFailureTypes.itemId },
} as const;
export type Level = keyof typeof LEVELS;
/** The level a parent's children belong to: POST /tipos-unidad/:id/areas, /areas/:id/lugares, … */
export const CHILD_OF = { 'tipos-unidad': 'areas', areas: 'lugares', lugares: 'items', items: 'fallas' } as const;

type NodeInput = {
  name?: string;
  position?: number;
  disabled?: boolean;
  category?: string;
  severity?: 'leve' | 'moderada' | 'grave';
};
const duplicate = () =>
  new ApiError(422, 'errors.validation', undefined, [{ field: 'name', key: 'deliveries.errors.duplicate_name' }]);
const surfaceText = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(2));

export async function listUnitTypes(db: DbOrTx, companyId: number) {
  // Correlated on the outer row by its qualified name: drizzle leaves columns unqualified in single-table selects.
  const rows = await db
    .select({
      type: unitTypes,
      areas: sql<number>`(select count(*)::int from ${catalogueAreas} a where a.unit_type_id = "unit_types"."id")`,
      units: sql<number>`(select count(*)::int from ${units} u where u.unit_type_id = "unit_types"."id")`,
    })
    .from(unitTypes)
    .where(eq(unitTypes.companyId, companyId))
    .orderBy(asc(unitTypes.name));
  return rows.map((r) => ({
    id: r.type.id,
    name: r.type.name,
    category: r.type.category,
    surface: r.type.surface === null ? null : Number(r.type.surface),
    areas_count: r.areas,
    units_count: r.units,
  }));
}

async function assertUniqueTypeName(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [same] = await db
    .select({ id: unitTypes.id })
    .from(unitTypes)
    .where(
      and(
        eq(unitTypes.companyId, companyId),
        sql`lower(${unitTypes.name}) = lower(${name})`,
        exceptId ? sql`${unitTypes.id} <> ${exceptId}` : undefined,
      ),
    );
  if (same) throw duplicate();
}

export async function createUnitType(db: DbOrTx, companyId: number, input: z.output<typeof unitTypeSchema>) {
  await assertUniqueTypeName(db, companyId, input.name);
  const [row] = await db
    .insert(unitTypes)
    .values({ companyId, name: input.name, category: input.category, surface: surfaceText(input.surface) })
    .returning();
  return row;
}

export async function updateUnitType(
  db: DbOrTx,
  companyId: number,
  id: number,
  input: z.output<typeof unitTypePatchSchema>,
) {
  await loadUnitType(db, companyId, id);
  if (input.name) await assertUniqueTypeName(db, companyId, input.name, id);
  const patch: Partial<typeof unitTypes.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.category !== undefined) patch.category = input.category;
  if (input.surface !== undefined) patch.surface = surfaceText(input.surface);
  if (!Object.keys(patch).length) throw new ApiError(422, 'common.no_changes');
  const [row] = await db.update(unitTypes).set(patch).where(eq(unitTypes.id, id)).returning();
  return row;
}

/** A unit type in use by units (or whose catalogue is referenced) cannot be deleted. */
export async function deleteUnitType(db: DbOrTx, companyId: number, id: number) {
  await loadUnitType(db, companyId, id);
  const [used] = await db.select({ id: units.id }).from(units).where(eq(units.unitTypeId, id)).limit(1);
  if (used) throw conflict('deliveries.errors.catalogue_in_use');
  const areas = await db
    .select({ id: catalogueAreas.id })
    .from(catalogueAreas)
    .where(eq(catalogueAreas.unitTypeId, id));
  if (areas.length)
    await assertUnused(
      db,
      'areas',
      areas.map((a) => a.id),
    );
  await db.delete(unitTypes).where(eq(unitTypes.id, id));
}

/** Loads a node of the caller's company at a level, or 404. */
export async function loadNode(db: DbOrTx, companyId: number, level: Level, id: number) {
  const { table } = LEVELS[level];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

async function assertUniqueName(db: DbOrTx, level: Level, parentId: number, name: string, exceptId?: number) {
  const { table, parentColumn } = LEVELS[level];
  const [same] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(parentColumn, parentId),
        sql`lower(${table.name}) = lower(${name})`,
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    );
  if (same) throw duplicate();
}

/** Adds an area, place, item or failure under its parent (which must be the caller's company's). */
export async function createNode(
  db: DbOrTx,
  companyId: number,
  level: Level,
  parentId: number,
  input: NodeInput & { name: string },
) {
  if (level === 'areas') await loadUnitType(db, companyId, parentId);
  else
    await loadNode(db, companyId, ({ lugares: 'areas', items: 'lugares', fallas: 'items' } as const)[level], parentId);
  await assertUniqueName(db, level, parentId, input.name);
  const { table, parentColumn } = LEVELS[level];
  const [max] = await db
    .select({ n: sql<number>`coalesce(max(${table.position}), -1)::int` })
    .from(table)
    .where(eq(parentColumn, parentId));
  const base = { companyId, name: input.name, position: input.position ?? max.n + 1 };
  switch (level) {
    case 'areas':
      return (
        await db
          .insert(catalogueAreas)
          .values({ ...base, unitTypeId: parentId })
          .returning()
      )[0];
    case 'lugares':
      return (
        await db
          .insert(cataloguePlaces)
          .values({ ...base, areaId: parentId })
          .returning()
      )[0];
    case 'items':
      return (
        await db
          .insert(catalogueItems)
          .values({ ...base, placeId: parentId, category: input.category! })
          .returning()
      )[0];
    case 'fallas':
      return (
        await db
          .insert(catalogueFailureTypes)
          .values({ ...base, itemId: parentId, severity: input.severity! })
          .returning()
      )[0];
  }
}

export async function updateNode(db: DbOrTx, companyId: number, level: Level, id: number, input: NodeInput) {
  const row = await loadNode(db, companyId, level, id);
  const parentId = (row as Record<string, unknown>)[
    { areas: 'unitTypeId', lugares: 'areaId', items: 'placeId', fallas: 'itemId' }[level]
  ] as number;
  if (input.name) await assertUniqueName(db, level, parentId, input.name, id);
  const patch: Record<string, unknown> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.position !== undefined) patch.position = input.position;
  if (input.disabled !== undefined) patch.disabledAt = input.disabled ? new Date() : null;
  if (level === 'items' && input.category !== undefined) patch.category = input.category;
  if (level === 'fallas' && input.severity !== undefined) patch.severity = input.severity;
  if (!Object.keys(patch).length) throw new ApiError(422, 'common.no_changes');
  const { table } = LEVELS[level];
  const [updated] = await db.update(table).set(patch).where(eq(table.id, id)).returning();
  return updated;
}

/** Ids of every node under the given ones, level by level. */
async function descendants(db: DbOrTx, level: Level, ids: number[]) {
  const out = { places: [] as number[], items: [] as number[], failures: [] as number[] };
  let current = ids;
  const order: Level[] = ['areas', 'lugares', 'items', 'fallas'];
  for (const child of order.slice(order.indexOf(level))) {
    if (child === 'lugares') out.places = current;
    if (child === 'items') out.items = current;
    if (child === 'fallas') {
      out.failures = current;
      break;
    }
    const next = ({ areas: 'lugares', lugares: 'items', items: 'fallas' } as const)[child];
    const { table, parentColumn } = LEVELS[next];
    current = current.length
      ? (await db.select({ id: table.id }).from(table).where(inArray(parentColumn, current))).map((r) => r.id)
      : [];
  }
  return out;
}

/**
 * Catalogue rows referenced by a revision result or an after-sales failure keep their history: they
 * can be disabled (docs/product.md §5 options editor: existing entries are toggled), not deleted.
 */
async function assertUnused(db: DbOrTx, level: Level, ids: number[]) {
  const d = await descendants(db, level, ids);
  const refs: SQL[] = [];
  if (d.places.length) refs.push(inArray(deliveryRevisionResults.placeId, d.places));
  if (d.items.length) refs.push(inArray(deliveryRevisionResults.itemId, d.items));
  if (d.failures.length) refs.push(inArray(deliveryRevisionResults.failureTypeId, d.failures));
  const frefs: SQL[] = [];
  if (d.places.length) frefs.push(inArray(failures.placeId, d.places));
  if (d.items.length) frefs.push(inArray(failures.itemId, d.items));
  if (d.failures.length) frefs.push(inArray(failures.failureTypeId, d.failures));
  for (const ref of refs)
    if ((await db.select({ id: deliveryRevisionResults.id }).from(deliveryRevisionResults).where(ref).limit(1)).length)
      throw conflict('deliveries.errors.catalogue_in_use');
  for (const ref of frefs)
    if ((await db.select({ id: failures.id }).from(failures).where(ref).limit(1)).length)
      throw conflict('deliveries.errors.catalogue_in_use');
}

export async function deleteNode(db: DbOrTx, companyId: number, level: Level, id: number) {
  await loadNode(db, companyId, level, id);
  await assertUnused(db, level, [id]);
  const { table } = LEVELS[level];
  await db.delete(table).where(eq(table.id, id));
}
