import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AcceptanceVerdict } from '#domain/concrete';
import type { BatchState, ConcreteDocumentKind, PlacementState } from '#domain/concrete-placements';
import { companyId, projectId, users } from './core.ts';
import { files } from './files.ts';
import { bimModels } from './quality.ts';
import { concreteCompanies, concreteElements, concreteLaboratories, concreteTypes } from './concrete.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

/**
 * Concrete placements, their dispatch guides and samples, the batches they are grouped in, the project's Concrete
 * model and its supporting documents (domain/concrete-placements.ts). Every row carries its company; placements,
 * batches, models and documents their project too.
 */

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** docs/product.md §5: the one BIM model of a project assigned to Concrete. */
export const concreteModels = pgTable('concrete_models', {
  projectId: projectId().primaryKey(),
  companyId: companyId(),
  modelId: integer('model_id')
    .notNull()
    .references(() => bimModels.id, { onDelete: 'cascade' }),
  assignedBy: userRef('assigned_by'),
  assignedAt: createdAt(),
});

/** A batch (lote): poured placements of one type, judged together by the acceptance rule. */
export const concreteBatches = pgTable(
  'concrete_batches',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    /** 1, 2, 3… per project. */
    number: integer('number').notNull(),
    concreteTypeId: integer('concrete_type_id')
      .notNull()
      .references(() => concreteTypes.id, { onDelete: 'restrict' }),
    state: text('state').$type<BatchState>().notNull().default('abierto'),
    /** The day of its first pour. */
    openedOn: date('opened_on').notNull(),
    /** The settings' limits when it opened (a later change of the settings does not reshape it). */
    m3Max: doublePrecision('m3_max').notNull(),
    daysMax: integer('days_max').notNull(),
    verdict: jsonb('verdict').$type<AcceptanceVerdict>(),
    closedAt: ts('closed_at'),
    evaluatedAt: ts('evaluated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('concrete_batches_number_uq').on(t.projectId, t.number),
    index('concrete_batches_open_idx').on(t.projectId, t.concreteTypeId, t.state),
  ],
);

/** docs/product.md §3 Concrete placement (a pour). */
export const concretePlacements = pgTable(
  'concrete_placements',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    /** 1, 2, 3… per project. */
    number: integer('number').notNull(),
    state: text('state').$type<PlacementState>().notNull().default('programado'),
    elementId: integer('element_id')
      .notNull()
      .references(() => concreteElements.id, { onDelete: 'restrict' }),
    m3: doublePrecision('m3').notNull(),
    location: text('location').notNull(),
    unit: text('unit').notNull(),
    zoneCycle: text('zone_cycle'),
    axis1: text('axis_1'),
    axis2: text('axis_2'),
    axis3: text('axis_3'),
    axis4: text('axis_4'),
    concreteCompanyId: integer('concrete_company_id')
      .notNull()
      .references(() => concreteCompanies.id, { onDelete: 'restrict' }),
    concreteTypeId: integer('concrete_type_id')
      .notNull()
      .references(() => concreteTypes.id, { onDelete: 'restrict' }),
    scheduledOn: date('scheduled_on').notNull(),
    pouredOn: date('poured_on'),
    batchId: integer('batch_id').references(() => concreteBatches.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('concrete_placements_number_uq').on(t.projectId, t.number),
    index('concrete_placements_list_idx').on(t.companyId, t.projectId, t.scheduledOn),
    index('concrete_placements_batch_idx').on(t.batchId),
    check('concrete_placements_m3', sql`${t.m3} > 0`),
  ],
);

/**
 * The BIM elements (GlobalIds of the project's Concrete model) a placement pours. An element belongs to one live
 * placement at most: a cancelled placement's rows are `released`, so they stay readable and the element is free.
 */
export const concretePlacementElements = pgTable(
  'concrete_placement_elements',
  {
    placementId: integer('placement_id')
      .notNull()
      .references(() => concretePlacements.id, { onDelete: 'cascade' }),
    projectId: projectId(),
    globalId: text('global_id').notNull(),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    uniqueIndex('concrete_placement_elements_uq').on(t.placementId, t.globalId),
    uniqueIndex('concrete_placement_elements_live_uq')
      .on(t.projectId, t.globalId)
      .where(sql`not ${t.released}`),
  ],
);

/** A dispatch guide: one truck of a pour. */
export const concreteDispatchGuides = pgTable(
  'concrete_dispatch_guides',
  {
    id: id(),
    companyId: companyId(),
    placementId: integer('placement_id')
      .notNull()
      .references(() => concretePlacements.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    truck: text('truck').notNull(),
    m3: doublePrecision('m3').notNull(),
    /** HH:mm:ss of the truck's arrival on the pour's day. */
    arrivedAt: text('arrived_at').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('concrete_dispatch_guides_placement_idx').on(t.placementId)],
);

/** A sample (a set of specimens) and its strengths at the early and the acceptance age. */
export const concreteSamples = pgTable(
  'concrete_samples',
  {
    id: id(),
    companyId: companyId(),
    placementId: integer('placement_id')
      .notNull()
      .references(() => concretePlacements.id, { onDelete: 'cascade' }),
    code: text('code'),
    guideId: integer('guide_id').references(() => concreteDispatchGuides.id, { onDelete: 'set null' }),
    takenOn: date('taken_on').notNull(),
    specimens: integer('specimens').notNull(),
    laboratoryId: integer('laboratory_id')
      .notNull()
      .references(() => concreteLaboratories.id, { onDelete: 'restrict' }),
    earlyMpa: doublePrecision('early_mpa'),
    acceptanceMpa: doublePrecision('acceptance_mpa'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('concrete_samples_placement_idx').on(t.placementId)],
);

/** Supporting documents of a project's Concrete (dispatch guides, lab reports): PDFs in the files module. */
export const concreteDocuments = pgTable(
  'concrete_documents',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    kind: text('kind').$type<ConcreteDocumentKind>().notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    placementId: integer('placement_id').references(() => concretePlacements.id, { onDelete: 'set null' }),
    uploadedBy: userRef('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('concrete_documents_project_idx').on(t.companyId, t.projectId),
    // An upload is one document: two requests attaching the same file at once, one loses here.
    uniqueIndex('concrete_documents_file_uq').on(t.fileId),
  ],
);
