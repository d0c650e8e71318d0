import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, unitTypes } from './core.ts';
import { createdAt, id, ts } from './columns.ts';

/**
 * Unit-type catalogue (docs/product.md §2 Unit type configuration, §3 Unit type): areas → places → items →
 * failure types with severity. A failure is picked from it (place → item → detail), and the item's
 * category gives the legal warranty term (warranty_terms).
 */

export const catalogueAreas = pgTable(
  'catalogue_areas',
  {
    id: id(),
    companyId: companyId(),
    unitTypeId: integer('unit_type_id')
      .notNull()
      .references(() => unitTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_areas_type_idx').on(t.companyId, t.unitTypeId, t.position)],
);

export const cataloguePlaces = pgTable(
  'catalogue_places',
  {
    id: id(),
    companyId: companyId(),
    areaId: integer('area_id')
      .notNull()
      .references(() => catalogueAreas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_places_area_idx').on(t.companyId, t.areaId, t.position)],
);

/** category: 'terminaciones' | 'instalaciones' | 'estructura' | any category a company adds terms for. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: id(),
    companyId: companyId(),
    placeId: integer('place_id')
      .notNull()
      .references(() => cataloguePlaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    position: integer('position').notNull().default(0),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_items_place_idx').on(t.companyId, t.placeId, t.position)],
);

export type Severity = 'leve' | 'moderada' | 'grave';

export const catalogueFailureTypes = pgTable(
  'catalogue_failure_types',
  {
    id: id(),
    companyId: companyId(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    severity: text('severity').$type<Severity>().notNull().default('leve'),
    position: integer('position').notNull().default(0),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_failure_types_item_idx').on(t.companyId, t.itemId, t.position)],
);

/**
 * Legal warranty terms per company and country: item category → years (docs/product.md#failure-guarantee;
 * in Chile finishes 3, installations 5, structure 10). A company may override them.
 */
export const warrantyTerms = pgTable(
  'warranty_terms',
  {
    id: id(),
    companyId: companyId(),
    country: text('country').notNull(),
    category: text('category').notNull(),
    years: integer('years').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('warranty_terms_uq').on(t.companyId, t.country, t.category)],
);
