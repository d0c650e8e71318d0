import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ActivityCurrency, ActivityLinkType, BimFileState, QualityStage } from '#domain/quality';
import { companyId, projectId, users } from './core.ts';
import { files } from './files.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

// ── BIM models ──────────────────────────────────────────────────────────────────────────────────────────

/** docs/product.md §3 BIM model: model_id, model_name, files; one project's, attached in config/projects/models. */
export const bimModels = pgTable(
  'bim_models',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    name: text('name').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bim_models_project_idx').on(t.companyId, t.projectId)],
);

/**
 * One IFC file of a model, for one quality stage (docs/product.md §5), and its processing: the worker thread
 * writes the fragments beside the IFC (fragments_path, a key in storage) and the properties index (bim_elements).
 */
export const bimModelFiles = pgTable(
  'bim_model_files',
  {
    id: id(),
    companyId: companyId(),
    modelId: integer('model_id')
      .notNull()
      .references(() => bimModels.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    stage: text('stage').$type<QualityStage>().notNull(),
    state: text('state').$type<BimFileState>().notNull().default('en_cola'),
    /** 0 to 1 while processing. */
    progress: doublePrecision('progress').notNull().default(0),
    /** Locale key of the failure (quality.errors.*), shown in the user's language. */
    error: text('error'),
    fragmentsPath: text('fragments_path'),
    fragmentsBytes: bigint('fragments_bytes', { mode: 'number' }),
    elementCount: integer('element_count'),
    processingMs: integer('processing_ms'),
    /** Bumped by each reprocess, so a late answer of an older run is ignored. */
    attempt: integer('attempt').notNull().default(1),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bim_model_files_stage_uq').on(t.modelId, t.stage),
    index('bim_model_files_state_idx').on(t.state),
    check('bim_model_files_progress', sql`${t.progress} between 0 and 1`),
  ],
);

/** The properties index of a processed file: one row per IFC element with geometry (or a spatial element). */
export const bimElements = pgTable(
  'bim_elements',
  {
    id: id(),
    companyId: companyId(),
    modelId: integer('model_id')
      .notNull()
      .references(() => bimModels.id, { onDelete: 'cascade' }),
    modelFileId: integer('model_file_id')
      .notNull()
      .references(() => bimModelFiles.id, { onDelete: 'cascade' }),
    expressId: integer('express_id').notNull(),
    globalId: text('global_id').notNull(),
    ifcClass: text('ifc_class').notNull(),
    name: text('name'),
    storey: text('storey'),
    /** { "<Pset>.<Property>": value } of its property sets, flat, for link rules and the properties panel. */
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('bim_elements_file_global_uq').on(t.modelFileId, t.globalId),
    index('bim_elements_model_idx').on(t.modelId, t.globalId),
  ],
);

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────────────

/** docs/product.md §3 Attribute (tower, floor, zone, trade…): the company's, assigned to activities. */
export const qualityAttributes = pgTable(
  'quality_attributes',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quality_attributes_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/** docs/product.md §3 Attribute value; §5: an importable value's name is non-empty and unique in its attribute. */
export const qualityAttributeValues = pgTable(
  'quality_attribute_values',
  {
    id: id(),
    companyId: companyId(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => qualityAttributes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quality_attribute_values_name_uq').on(t.attributeId, sql`lower(${t.name})`)],
);

// ── Activities ──────────────────────────────────────────────────────────────────────────────────────────

/** docs/product.md §3 Progress activity: a tree (parent, level) ordered by position, with its index code. */
export const qualityActivities = pgTable(
  'quality_activities',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    parentId: integer('parent_id').references((): AnyPgColumn => qualityActivities.id, { onDelete: 'cascade' }),
    /** The schedule's own code ("1.2.3"), as imported or typed; the order is position. */
    code: text('code'),
    level: integer('level').notNull().default(0),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    estimatedStart: date('estimated_start'),
    estimatedEnd: date('estimated_end'),
    actualStart: date('actual_start'),
    actualEnd: date('actual_end'),
    progress: doublePrecision('progress').notNull().default(0),
    estimatedCost: doublePrecision('estimated_cost'),
    actualCost: doublePrecision('actual_cost'),
    currency: text('currency').$type<ActivityCurrency>(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quality_activities_progress', sql`${t.progress} between 0 and 100`),
    check(
      'quality_activities_estimated',
      sql`${t.estimatedEnd} is null or ${t.estimatedStart} is null or ${t.estimatedEnd} >= ${t.estimatedStart}`,
    ),
    check(
      'quality_activities_actual',
      sql`${t.actualEnd} is null or ${t.actualStart} is null or ${t.actualEnd} >= ${t.actualStart}`,
    ),
    index('quality_activities_project_idx').on(t.companyId, t.projectId, t.position),
    index('quality_activities_parent_idx').on(t.parentId),
  ],
);

/** An activity's value of an attribute (one per attribute). */
export const qualityActivityValues = pgTable(
  'quality_activity_values',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => qualityActivities.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => qualityAttributes.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => qualityAttributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.attributeId] }),
    index('quality_activity_values_value_idx').on(t.valueId),
  ],
);

/** Gantt dependencies between activities of one project. */
export const qualityActivityLinks = pgTable(
  'quality_activity_links',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => qualityActivities.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => qualityActivities.id, { onDelete: 'cascade' }),
    type: text('type').$type<ActivityLinkType>().notNull().default('fs'),
    createdAt: createdAt(),
  },
  (t) => [
    check('quality_activity_links_not_self', sql`${t.sourceId} <> ${t.targetId}`),
    uniqueIndex('quality_activity_links_uq').on(t.sourceId, t.targetId),
    index('quality_activity_links_project_idx').on(t.companyId, t.projectId),
  ],
);

/** docs/product.md §9: what changed in an activity, who and when; the screen shows the last 50. */
export const qualityActivityHistory = pgTable(
  'quality_activity_history',
  {
    id: id(),
    companyId: companyId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => qualityActivities.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** created, updated, imported, linked, unlinked, elements */
    kind: text('kind').notNull(),
    /** { field: [before, after] } */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('quality_activity_history_activity_idx').on(t.activityId, t.id)],
);

/** Activities linked to IFC elements of a model (picked in the viewer or by a rule), by GlobalId. */
export const qualityActivityElements = pgTable(
  'quality_activity_elements',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => qualityActivities.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => bimModels.id, { onDelete: 'cascade' }),
    globalId: text('global_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.modelId, t.globalId] }),
    index('quality_activity_elements_model_idx').on(t.modelId, t.globalId),
  ],
);
