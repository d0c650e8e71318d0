import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AGGREGATE_SIZES_MM, ConcreteConfidence, ConcreteGrade } from '#domain/concrete';
import { companyId } from './core.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/**
 * Concrete's configuration (config/hormigon; domain/concrete.ts, docs/decisions.md D-280): the company's catalogues
 * of elements, laboratories, concrete companies and concrete types, and its one row of settings. Catalogue entries
 * are never deleted (placements name them), only disabled with `active`; names are unique per company in any case.
 */

/** Elements poured (slab, wall, column…), in the company's order. */
export const concreteElements = pgTable(
  'concrete_elements',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('concrete_elements_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Laboratories that test the samples. */
export const concreteLaboratories = pgTable(
  'concrete_laboratories',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    rut: text('rut'),
    email: text('email'),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('concrete_laboratories_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Concrete companies (suppliers); homologated ones are approved to supply the company's works. */
export const concreteCompanies = pgTable(
  'concrete_companies',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    rut: text('rut'),
    homologated: boolean('homologated').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('concrete_companies_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** Concrete types, unique per company by their designation (grade, confidence, aggregate, slump). */
export const concreteTypes = pgTable(
  'concrete_types',
  {
    id: id(),
    companyId: companyId(),
    grade: text('grade').$type<ConcreteGrade>().notNull(),
    confidence: integer('confidence').$type<ConcreteConfidence>().notNull(),
    aggregateMm: integer('aggregate_mm').$type<(typeof AGGREGATE_SIZES_MM)[number]>().notNull(),
    slumpCm: doublePrecision('slump_cm').notNull(),
    structural: boolean('structural').notNull().default(true),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('concrete_types_designation_uq').on(t.companyId, t.grade, t.confidence, t.aggregateMm, t.slumpCm),
  ],
);

/** The company's settings (domain/concrete.ts ConcreteSettings); no row means CONCRETE_SETTINGS_DEFAULTS. */
export const concreteSettings = pgTable('concrete_settings', {
  companyId: companyId().primaryKey(),
  truckM3Max: doublePrecision('truck_m3_max').notNull(),
  placementM3Max: doublePrecision('placement_m3_max').notNull(),
  m3TolerancePct: doublePrecision('m3_tolerance_pct').notNull(),
  batchM3Max: doublePrecision('batch_m3_max').notNull(),
  batchDaysMax: integer('batch_days_max').notNull(),
  acceptanceAgeDays: integer('acceptance_age_days').notNull(),
  acceptanceConsecutive: integer('acceptance_consecutive').notNull(),
  meanMarginMpa: doublePrecision('mean_margin_mpa').notNull(),
  singleMarginMpa: doublePrecision('single_margin_mpa').notNull(),
  updatedAt: updatedAt(),
});
