import { and, asc, eq, inArray, isNull, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  unitTypes,
} from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

export type UnitType = typeof unitTypes.$inferSelect;

export async function loadUnitType(db: DbOrTx, companyId: number, unitTypeId: number): Promise<UnitType> {
  const [type] = await db
    .select()
    .from(unitTypes)
    .where(and(eq(unitTypes.id, unitTypeId), eq(unitTypes.companyId, companyId)));
  if (!type) throw notFound();
  return type;
}

/**
 * A unit type's catalogue as a tree (docs/product.md §3 Unit type: areas → places → items → failures with
 * severity). `withDisabled` is for the configuration screen; the revision sees enabled rows only.
 */
export async function catalogueOf(db: DbOrTx, companyId: number, unitTypeId: number, withDisabled = false) {
  const type = await loadUnitType(db, companyId, unitTypeId);
  const enabled = (col: AnyColumn) => (withDisabled ? undefined : isNull(col));
  const areas = await db
    .select()
    .from(catalogueAreas)
    .where(
      and(
        eq(catalogueAreas.companyId, companyId),
        eq(catalogueAreas.unitTypeId, unitTypeId),
        enabled(catalogueAreas.disabledAt),
      ),
    )
    .orderBy(asc(catalogueAreas.position), asc(catalogueAreas.id));
  const places = areas.length
    ? await db
        .select()
        .from(cataloguePlaces)
        .where(
          and(
            inArray(
              cataloguePlaces.areaId,
              areas.map((a) => a.id),
            ),
            enabled(cataloguePlaces.disabledAt),
          ),
        )
        .orderBy(asc(cataloguePlaces.position), asc(cataloguePlaces.id))
    : [];
  const items = places.length
    ? await db
        .select()
        .from(catalogueItems)
        .where(
          and(
            inArray(
              catalogueItems.placeId,
              places.map((p) => p.id),
            ),
            enabled(catalogueItems.disabledAt),
          ),
        )
        .orderBy(asc(catalogueItems.position), asc(catalogueItems.id))
    : [];
  const failures = items.length
    ? await db
        .select()
        .from(catalogueFailureTypes)
        .where(
          and(
            inArray(
              catalogueFailureTypes.itemId,
              items.map((i) => i.id),
            ),
            enabled(catalogueFailureTypes.disabledAt),
          ),
        )
        .orderBy(asc(catalogueFailureTypes.position), asc(catalogueFailureTypes.id))
    : [];
  const flag = (row: { disabledAt: Date | null }) => (withDisabled ? { disabled: row.disabledAt !== null } : {});
  return {
    unit_type: {
      id: type.id,
      name: type.name,
      category: type.category,
      surface: type.surface === null ? null : Number(type.surface),
    },
    areas: areas.map((a) => ({
      id: a.id,
      name: a.name,
      position: a.position,
      ...flag(a),
      places: places
        .filter((p) => p.areaId === a.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          position: p.position,
          ...flag(p),
          items: items
            .filter((i) => i.placeId === p.id)
            .map((i) => ({
              id: i.id,
              name: i.name,
              category: i.category,
              position: i.position,
              ...flag(i),
              failures: failures
                .filter((f) => f.itemId === i.id)
                .map((f) => ({ id: f.id, name: f.name, severity: f.severity, position: f.position, ...flag(f) })),
            })),
        })),
    })),
  };
}

/** Items of a unit type with their place, for checking revision results (docs/product.md §2 revision "by place and item"). */
export async function itemsOfType(db: DbOrTx, companyId: number, unitTypeId: number, itemIds: number[]) {
  if (!itemIds.length) return [];
  return db
    .select({ item: catalogueItems, place: cataloguePlaces })
    .from(catalogueItems)
    .innerJoin(cataloguePlaces, eq(cataloguePlaces.id, catalogueItems.placeId))
    .innerJoin(catalogueAreas, eq(catalogueAreas.id, cataloguePlaces.areaId))
    .where(
      and(
        eq(catalogueItems.companyId, companyId),
        eq(catalogueAreas.unitTypeId, unitTypeId),
        inArray(catalogueItems.id, itemIds),
      ),
    );
}

export async function failureTypesOf(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(catalogueFailureTypes)
    .where(and(eq(catalogueFailureTypes.companyId, companyId), inArray(catalogueFailureTypes.id, ids)));
}
