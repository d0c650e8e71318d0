import { z } from 'zod';
import {
  AGGREGATE_SIZES_MM,
  CONCRETE_CONFIDENCE_LEVELS,
  CONCRETE_GRADES,
  CONCRETE_NAME_MAX,
  CONCRETE_SETTINGS_LIMITS,
  CONCRETE_TYPE_DESCRIPTION_MAX,
  SLUMP_CM_MAX,
  type ConcreteSettings,
} from '../concrete.ts';
import {
  BATCH_STATES,
  CONCRETE_DOCUMENT_BYTES_MAX,
  CONCRETE_DOCUMENT_KINDS,
  CONCRETE_DOCUMENTS_PER_UPLOAD_MAX,
  PLACEMENT_AXIS_MAX,
  PLACEMENT_ELEMENTS_MAX,
  PLACEMENT_NOTES_MAX,
  PLACEMENT_STATES,
  PLACEMENT_TEXT_MAX,
} from '../concrete-placements.ts';
import { decimal, email, enumList, id, idList, isoDate, optionalText, requiredText, rut } from './common.ts';

/**
 * Request schemas of the Concrete routes (docs/api.md, Concrete), with locale keys as messages: the server validates
 * with them and the client's forms resolve with the same ones. Catalogue entries are never deleted (a placement may
 * name them): they are disabled with `active: false` (docs/product.md §5, options editor).
 */

const INVALID = { error: 'validation.invalid' } as const;
const name = () => requiredText({ max: CONCRETE_NAME_MAX, noDoubleSpaces: true });
const active = z.boolean(INVALID);

// ── Elements (slab, wall, column…) ──────────────────────────────────────────────────────────────────────

export const concreteElementCreateSchema = z.object({ name: name() });
export const concreteElementUpdateSchema = z.object({ name: name(), active }).partial();

// ── Laboratories ────────────────────────────────────────────────────────────────────────────────────────

const laboratoryFields = z.object({
  name: name(),
  rut: rut(),
  email: email({ required: false }),
  phone: optionalText({ max: 30 }),
});
export const laboratoryCreateSchema = laboratoryFields;
export const laboratoryUpdateSchema = laboratoryFields.extend({ active }).partial();

// ── Concrete companies (suppliers) ──────────────────────────────────────────────────────────────────────

const concreteCompanyFields = z.object({
  name: name(),
  rut: rut(),
  /** Homologated: approved to supply the company's works. */
  homologated: z.boolean(INVALID),
});
export const concreteCompanyCreateSchema = concreteCompanyFields;
export const concreteCompanyUpdateSchema = concreteCompanyFields.extend({ active }).partial();

// ── Concrete types ──────────────────────────────────────────────────────────────────────────────────────

const concreteTypeFields = z.object({
  grade: z.enum(CONCRETE_GRADES, INVALID),
  confidence: z.union(
    CONCRETE_CONFIDENCE_LEVELS.map((c) => z.literal(c)),
    INVALID,
  ),
  aggregate_mm: z.union(
    AGGREGATE_SIZES_MM.map((s) => z.literal(s)),
    INVALID,
  ),
  slump_cm: decimal({ min: 0, max: SLUMP_CM_MAX, oneDecimal: true }),
  structural: z.boolean(INVALID),
  description: optionalText({ max: CONCRETE_TYPE_DESCRIPTION_MAX }),
});
export const concreteTypeCreateSchema = concreteTypeFields;
export const concreteTypeUpdateSchema = concreteTypeFields.extend({ active }).partial();

// ── Settings (m3, batches and acceptance) ───────────────────────────────────────────────────────────────

const settingShape = Object.fromEntries(
  Object.entries(CONCRETE_SETTINGS_LIMITS).map(([key, { min, max, decimals }]) => [
    key,
    decimal({ min, max, decimals }),
  ]),
) as { [K in keyof ConcreteSettings]: z.ZodType<number> };

/** PUT hormigon/configuracion: the whole settings (the form always sends every field). */
export const concreteSettingsSchema = z.object(settingShape);
export type ConcreteSettingsInput = z.infer<typeof concreteSettingsSchema>;

// ── Placements (concrete/placements; domain/concrete-placements.ts) ─────────────────────────────────────

const placementText = () => requiredText({ max: PLACEMENT_TEXT_MAX, noDoubleSpaces: true });
const axis = () => optionalText({ max: PLACEMENT_AXIS_MAX });
const globalIds = z
  .array(z.string(INVALID).trim().min(1, 'validation.invalid').max(64, 'validation.max_length'), INVALID)
  .max(PLACEMENT_ELEMENTS_MAX, 'validation.max_items');

/**
 * docs/product.md §3 Concrete placement and §5: element, m3, location, unit, and the zone/cycle or the axes (at
 * least one of the four) are required. `location` is where in the work (floor, level: "Piso 3"), `unit` the
 * building or tower ("Torre A"). The server checks the element, company (active and homologated: else
 * concrete.errors.company_not_homologated) and type are the company's and active, m3 ≤ placement_m3_max, and that
 * the global_ids are elements of the project's Concrete model held by no other live placement
 * (concrete.errors.elements_taken).
 */
const placementFields = z.object({
  element_id: id(),
  m3: decimal({ min: 0.1, max: CONCRETE_SETTINGS_LIMITS.placement_m3_max.max, oneDecimal: true }),
  location: placementText(),
  unit: placementText(),
  zone_cycle: optionalText({ max: PLACEMENT_TEXT_MAX }),
  axis_1: axis(),
  axis_2: axis(),
  axis_3: axis(),
  axis_4: axis(),
  concrete_company_id: id(),
  concrete_type_id: id(),
  scheduled_on: isoDate(),
  global_ids: globalIds.default([]),
  notes: optionalText({ max: PLACEMENT_NOTES_MAX }),
});
type PlacementFieldsShape = Partial<z.output<typeof placementFields>>;

/** docs/product.md §5 "cycle or axes": the zone/cycle or at least one axis, reported on zone_cycle. */
export function placementCycleOrAxes(value: PlacementFieldsShape, ctx: z.RefinementCtx<PlacementFieldsShape>) {
  const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  if (![value.zone_cycle, value.axis_1, value.axis_2, value.axis_3, value.axis_4].some(filled))
    ctx.addIssue({ code: 'custom', message: 'concrete.errors.cycle_or_axes', path: ['zone_cycle'] });
}

export const placementCreateSchema = placementFields.extend({ project_id: id() }).superRefine(placementCycleOrAxes);
export type PlacementCreateInput = z.infer<typeof placementCreateSchema>;
/**
 * PATCH hormigon/vaciados/{placementId} while scheduled: the fields sent replace theirs; the rule of cycle or axes
 * is checked on the result (the server merges, then validates with placementCreateSchema's refinement).
 */
export const placementUpdateSchema = placementFields.partial();
export type PlacementUpdateInput = z.infer<typeof placementUpdateSchema>;

export const PLACEMENT_SORTS = ['scheduled_on', 'number', 'm3', 'state', 'updated_at'] as const;
/** GET hormigon/vaciados (and …/exportar): one project's placements, filtered, paged. */
export const placementListQuerySchema = z.object({
  project_id: id(),
  state: enumList(PLACEMENT_STATES).optional(),
  element: idList().optional(),
  concrete_type: idList().optional(),
  concrete_company: idList().optional(),
  batch_id: id().optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  search: z.string().trim().max(100, 'validation.max_length').optional(),
  sort: z.enum(PLACEMENT_SORTS, INVALID).default('scheduled_on'),
  desc: z.enum(['true', 'false']).default('true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(500).default(50),
});
export type PlacementListQuery = z.output<typeof placementListQuerySchema>;
export const placementExportQuerySchema = placementListQuerySchema
  .omit({ page: true, rows: true })
  .extend({ format: z.enum(['xlsx', 'csv'], INVALID).default('xlsx') });

// ── Batches ─────────────────────────────────────────────────────────────────────────────────────────────

/** GET hormigon/lotes: one project's batches. */
export const batchListQuerySchema = z.object({
  project_id: id(),
  state: enumList(BATCH_STATES).optional(),
  concrete_type: idList().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rows: z.coerce.number().int().min(1).max(500).default(50),
});
export type BatchListQuery = z.output<typeof batchListQuerySchema>;

// ── Uploader ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * PUT hormigon/proyectos/{projectId}/modelo: the project's one Concrete model (docs/product.md §5), a model of the
 * project whose files are all processed (else concrete.errors.model_not_ready). Replacing or removing it is refused
 * while live placements name its elements (concrete.errors.model_in_use).
 */
export const concreteModelSchema = z.object({ model_id: id() });

/** POST hormigon/proyectos/{projectId}/documentos: uploaded PDFs (files/upload-url first), of one kind. */
export const concreteDocumentsSchema = z.object({
  kind: z.enum(CONCRETE_DOCUMENT_KINDS, INVALID),
  placement_id: id().nullish(),
  files: z
    .array(
      z.object({
        path: requiredText({ max: 500 }),
        name: requiredText({ max: 255 }),
        size: z.number(INVALID).int().min(1).max(CONCRETE_DOCUMENT_BYTES_MAX, 'validation.file_size'),
      }),
      INVALID,
    )
    .min(1, 'validation.required')
    .max(CONCRETE_DOCUMENTS_PER_UPLOAD_MAX, 'validation.max_items'),
});
export type ConcreteDocumentsInput = z.infer<typeof concreteDocumentsSchema>;

/** GET hormigon/proyectos/{projectId}/documentos. */
export const concreteDocumentListQuerySchema = z.object({
  kind: z.enum(CONCRETE_DOCUMENT_KINDS, INVALID).optional(),
  placement_id: id().optional(),
});
