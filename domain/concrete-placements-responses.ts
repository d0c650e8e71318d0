import { z } from 'zod';
import { CONCRETE_GRADES } from './concrete.ts';
import {
  ADVANCE_STATES,
  BATCH_STATES,
  CONCRETE_DOCUMENT_KINDS,
  PLACEMENT_STATES,
  batchCommands,
  placementCommands,
} from './concrete-placements.ts';
import { bimModelSchema } from './quality-responses.ts';
import { day, eventOf, instant, pageOf, personBriefSchema, refSchema } from './responses.ts';

/**
 * What the placements, batches, uploader and advance routes answer (docs/api.md, Concrete placements);
 * tests/contracts/ parses the real answers with these, the client takes its types from them.
 */

const typeBrief = z.object({
  id: z.number(),
  grade: z.enum(CONCRETE_GRADES),
  strength_mpa: z.number(),
  /** "G25 (90) 20 10" (domain/concrete.ts typeDesignation). */
  designation: z.string(),
});
const companyBrief = z.object({ id: z.number(), name: z.string(), homologated: z.boolean() });
const batchBrief = z.object({ id: z.number(), number: z.number(), state: z.enum(BATCH_STATES) });

// ── Placements ──────────────────────────────────────────────────────────────────────────────────────────

/** One row of GET hormigon/vaciados. `number` counts the project's placements from 1. */
export const placementRowSchema = z.object({
  id: z.number(),
  number: z.number(),
  project_id: z.number(),
  state: z.enum(PLACEMENT_STATES),
  element: refSchema,
  m3: z.number(),
  location: z.string(),
  unit: z.string(),
  zone_cycle: z.string().nullable(),
  axis_1: z.string().nullable(),
  axis_2: z.string().nullable(),
  axis_3: z.string().nullable(),
  axis_4: z.string().nullable(),
  concrete_company: companyBrief,
  concrete_type: typeBrief,
  scheduled_on: day,
  poured_on: day.nullable(),
  batch: batchBrief.nullable(),
  /** Sum of the dispatch guides' m3 (0 before the pour). */
  guides_m3: z.number(),
  samples_count: z.number(),
  /** Samples with their result at the acceptance age. */
  tested_count: z.number(),
  element_count: z.number(),
  updated_at: instant,
});
export type PlacementRow = z.infer<typeof placementRowSchema>;
export const placementListSchema = pageOf(placementRowSchema);
export type PlacementList = z.infer<typeof placementListSchema>;

export const dispatchGuideViewSchema = z.object({
  id: z.number(),
  number: z.string(),
  truck: z.string(),
  m3: z.number(),
  arrived_at: z.string(),
});
export type DispatchGuideView = z.infer<typeof dispatchGuideViewSchema>;

/** A sample and its results; the due days are taken_on + 7 and + the acceptance age. */
export const sampleViewSchema = z.object({
  id: z.number(),
  code: z.string().nullable(),
  guide_id: z.number().nullable(),
  taken_on: day,
  specimens: z.number(),
  laboratory: refSchema,
  early_mpa: z.number().nullable(),
  acceptance_mpa: z.number().nullable(),
  early_due_on: day,
  acceptance_due_on: day,
});
export type SampleView = z.infer<typeof sampleViewSchema>;

/** GET hormigon/vaciados/{placementId} (and the answer of every write on it). */
export const placementDetailSchema = placementRowSchema.extend({
  notes: z.string().nullable(),
  global_ids: z.array(z.string()),
  guides: z.array(dispatchGuideViewSchema),
  samples: z.array(sampleViewSchema),
  /** The acceptance age the samples are due at (settings' acceptance_age_days). */
  acceptance_age_days: z.number(),
  created_by: personBriefSchema.nullable(),
  created_at: instant,
  allowed_events: z.array(eventOf(placementCommands)),
});
export type PlacementDetail = z.infer<typeof placementDetailSchema>;

// ── Batches ─────────────────────────────────────────────────────────────────────────────────────────────

export const acceptanceFailureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mean'), from: z.number(), to: z.number(), mean: z.number(), required: z.number() }),
  z.object({ kind: z.literal('single'), index: z.number(), value: z.number(), required: z.number() }),
]);

/** One row of GET hormigon/lotes. `closes_on`: the last day a pour may join it (opened_on + batch_days_max − 1). */
export const batchRowSchema = z.object({
  id: z.number(),
  number: z.number(),
  project_id: z.number(),
  state: z.enum(BATCH_STATES),
  concrete_type: typeBrief,
  opened_on: day,
  closes_on: day,
  m3: z.number(),
  m3_max: z.number(),
  placement_count: z.number(),
  samples_count: z.number(),
  tested_count: z.number(),
  /** evaluateBatch's verdict once judged (domain/concrete.ts). */
  verdict: z
    .object({ conforming: z.boolean(), mean: z.number(), failures: z.array(acceptanceFailureSchema) })
    .nullable(),
  closed_at: instant.nullable(),
  evaluated_at: instant.nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;
export const batchListSchema = pageOf(batchRowSchema);

/** GET hormigon/lotes/{batchId}: the batch, its placements, its results in sampling order and the rule used. */
export const batchDetailSchema = batchRowSchema.extend({
  placements: z.array(placementRowSchema),
  results: z.array(
    z.object({
      sample_id: z.number(),
      placement_id: z.number(),
      placement_number: z.number(),
      code: z.string().nullable(),
      taken_on: day,
      early_mpa: z.number().nullable(),
      acceptance_mpa: z.number().nullable(),
    }),
  ),
  rule: z.object({
    specified_mpa: z.number(),
    acceptance_age_days: z.number(),
    acceptance_consecutive: z.number(),
    mean_required_mpa: z.number(),
    single_required_mpa: z.number(),
  }),
  allowed_events: z.array(eventOf(batchCommands)),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

// ── Uploader ────────────────────────────────────────────────────────────────────────────────────────────

/** GET/PUT hormigon/proyectos/{projectId}/modelo: the project's Concrete model, or null. */
export const concreteModelResponseSchema = z.object({ model: bimModelSchema.nullable() });
export type ConcreteModelResponse = z.infer<typeof concreteModelResponseSchema>;

export const concreteDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(CONCRETE_DOCUMENT_KINDS),
  name: z.string(),
  size: z.number(),
  /** Where the browser reads it (files/{path}: the files module checks the caller may). */
  path: z.string(),
  placement: z.object({ id: z.number(), number: z.number() }).nullable(),
  uploaded_by: personBriefSchema.nullable(),
  created_at: instant,
});
export type ConcreteDocument = z.infer<typeof concreteDocumentSchema>;

// ── advanceBim ──────────────────────────────────────────────────────────────────────────────────────────

const m3Total = { m3: z.number(), placements: z.number() };

/**
 * GET hormigon/proyectos/{projectId}/avance: the Concrete model, each live placement with its advance state and
 * elements (what colours the model; an element of no placement is sin_vaciar), and the m3 totals by state, by
 * element (the placement's element type) and by floor (the placement's location).
 */
export const advanceSchema = z.object({
  model: bimModelSchema.nullable(),
  element_total: z.number(),
  placements: z.array(
    z.object({ id: z.number(), number: z.number(), state: z.enum(ADVANCE_STATES), global_ids: z.array(z.string()) }),
  ),
  by_state: z.array(z.object({ state: z.enum(ADVANCE_STATES), elements: z.number(), ...m3Total })),
  by_element: z.array(z.object({ element: refSchema, state: z.enum(ADVANCE_STATES), ...m3Total })),
  by_floor: z.array(z.object({ floor: z.string(), state: z.enum(ADVANCE_STATES), ...m3Total })),
});
export type Advance = z.infer<typeof advanceSchema>;

/** Live CONCRETE_PLACEMENT_CHANGED_EVENT data. */
export const placementChangedEventSchema = z.object({
  placement_ids: z.array(z.number()),
  batch_ids: z.array(z.number()),
});
