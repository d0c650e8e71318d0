import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  companies,
  projects,
  unitTypes,
  warrantyTerms,
} from '../../../db/schema/index.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { addYears } from '../shared/dates.ts';

/** Legal terms when a company has not configured its own (docs/product.md#failure-guarantee: Chile 3 / 5 / 10 years). */
export const DEFAULT_WARRANTY_TERMS: Record<string, Record<string, number>> = {
  CL: { terminaciones: 3, instalaciones: 5, estructura: 10 },
};

/** The unit type's catalogue as a tree: areas → places → items → failure types (details). */
export async function catalogueTree(db: DbOrTx, companyId: number, unitTypeId: number) {
  const [type] = await db
    .select()
    .from(unitTypes)
    .where(and(eq(unitTypes.id, unitTypeId), eq(unitTypes.companyId, companyId)));
  if (!type) throw notFound();
  const areas = await db
    .select()
    .from(catalogueAreas)
    .where(
      and(
        eq(catalogueAreas.companyId, companyId),
        eq(catalogueAreas.unitTypeId, unitTypeId),
        isNull(catalogueAreas.disabledAt),
      ),
    )
    .orderBy(asc(catalogueAreas.position), asc(catalogueAreas.id));
  const areaIds = areas.map((a) => a.id);
  const places = areaIds.length
    ? await db
        .select()
        .from(cataloguePlaces)
        .where(and(inArray(cataloguePlaces.areaId, areaIds), isNull(cataloguePlaces.disabledAt)))
        .orderBy(asc(cataloguePlaces.position), asc(cataloguePlaces.id))
    : [];
  const placeIds = places.map((p) => p.id);
  const items = placeIds.length
    ? await db
        .select()
        .from(catalogueItems)
        .where(and(inArray(catalogueItems.placeId, placeIds), isNull(catalogueItems.disabledAt)))
        .orderBy(asc(catalogueItems.position), asc(catalogueItems.id))
    : [];
  const itemIds = items.map((i) => i.id);
  const types = itemIds.length
    ? await db
        .select()
        .from(catalogueFailureTypes)
        .where(and(inArray(catalogueFailureTypes.itemId, itemIds), isNull(catalogueFailureTypes.disabledAt)))
        .orderBy(asc(catalogueFailureTypes.position), asc(catalogueFailureTypes.id))
    : [];
  return {
    unit_type: { id: type.id, name: type.name, category: type.category, surface: type.surface },
    areas: areas.map((a) => ({
      id: a.id,
      name: a.name,
      places: places
        .filter((p) => p.areaId === a.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          items: items
            .filter((i) => i.placeId === p.id)
            .map((i) => ({
              id: i.id,
              name: i.name,
              category: i.category,
              failures: types
                .filter((t) => t.itemId === i.id)
                .map((t) => ({ id: t.id, name: t.name, severity: t.severity })),
            })),
        })),
    })),
  };
}

/** A failure type with its item, place and area, checked to belong to the unit's type. */
export async function resolveFailureType(
  db: DbOrTx,
  companyId: number,
  unitTypeId: number | null,
  failureTypeId: number,
  field = 'failure_type_id',
) {
  const [row] = await db
    .select({ type: catalogueFailureTypes, item: catalogueItems, place: cataloguePlaces, area: catalogueAreas })
    .from(catalogueFailureTypes)
    .innerJoin(catalogueItems, eq(catalogueItems.id, catalogueFailureTypes.itemId))
    .innerJoin(cataloguePlaces, eq(cataloguePlaces.id, catalogueItems.placeId))
    .innerJoin(catalogueAreas, eq(catalogueAreas.id, cataloguePlaces.areaId))
    .where(and(eq(catalogueFailureTypes.id, failureTypeId), eq(catalogueFailureTypes.companyId, companyId)));
  if (!row || row.area.unitTypeId !== unitTypeId) {
    throw new ApiError(422, 'errors.validation', undefined, [{ field, key: 'after_sales.errors.not_in_catalogue' }]);
  }
  return row;
}

/** Years of warranty for an item category: the company's term for its country, else the legal default. */
export async function warrantyYears(db: DbOrTx, companyId: number, category: string): Promise<number> {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const [term] = await db
    .select()
    .from(warrantyTerms)
    .where(
      and(
        eq(warrantyTerms.companyId, companyId),
        eq(warrantyTerms.country, company.country),
        eq(warrantyTerms.category, category),
      ),
    );
  const years = term?.years ?? DEFAULT_WARRANTY_TERMS[company.country]?.[category];
  if (years === undefined) throw new ApiError(422, 'after_sales.errors.no_warranty_term', { category });
  return years;
}

/**
 * The guarantee is computed, never typed (docs/product.md#failure-guarantee). It runs from the unit's
 * delivery date, or the project's municipal reception date when the unit has none, for the item
 * category's term.
 */
export async function computeGuarantee(
  db: DbOrTx,
  companyId: number,
  unit: { projectId: number; deliveryDate: string | null },
  category: string,
) {
  let start = unit.deliveryDate;
  if (!start) {
    const [project] = await db
      .select({ reception: projects.municipalReceptionDate })
      .from(projects)
      .where(eq(projects.id, unit.projectId));
    start = project?.reception ?? null;
  }
  if (!start) throw new ApiError(422, 'after_sales.errors.no_guarantee_start');
  const years = await warrantyYears(db, companyId, category);
  return { years, startDate: start, endDate: addYears(start, years) };
}

/** The guarantee as the API shows it (docs/product.md#failure-guarantee: the screen says whether it is in force). */
export function guaranteeView(
  f: { category: string; guaranteeYears: number; guaranteeStart: string; guaranteeEnd: string },
  today: string,
) {
  return {
    category: f.category,
    years: f.guaranteeYears,
    start_date: f.guaranteeStart,
    end_date: f.guaranteeEnd,
    in_force: today <= f.guaranteeEnd,
  };
}

export async function listWarrantyTerms(db: DbOrTx, companyId: number) {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const rows = await db
    .select()
    .from(warrantyTerms)
    .where(and(eq(warrantyTerms.companyId, companyId), eq(warrantyTerms.country, company.country)));
  const merged = {
    ...(DEFAULT_WARRANTY_TERMS[company.country] ?? {}),
    ...Object.fromEntries(rows.map((r) => [r.category, r.years])),
  };
  return { country: company.country, terms: Object.entries(merged).map(([category, years]) => ({ category, years })) };
}
