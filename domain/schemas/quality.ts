import { z } from 'zod';
import {
  ACTIVITY_BULK_MAX,
  ACTIVITY_COST_MAX,
  ACTIVITY_CURRENCIES,
  ACTIVITY_DESCRIPTION_MAX,
  ACTIVITY_LINK_TYPES,
  ATTRIBUTE_NAME_MAX,
  ATTRIBUTE_VALUE_MAX,
  BIM_ELEMENTS_PAGE_MAX,
  BIM_MODEL_NAME_MAX,
  IMPORT_FIELDS,
  QUALITY_STAGES,
} from '../quality.ts';
import { dateOrder, decimal, id, idList, isoDate, optionalText, requiredText } from './common.ts';

/**
 * Request schemas of the Quality routes (docs/api.md, Quality), with locale keys as messages: the server validates
 * with them and the client's forms resolve with the same ones.
 */

const INVALID = { error: 'validation.invalid' } as const;
const stage = z.enum(QUALITY_STAGES, INVALID);

// ── BIM models ──────────────────────────────────────────────────────────────────────────────────────────

export const modelListQuerySchema = z.object({ project_id: id().optional() });

export const modelCreateSchema = z.object({
  project_id: id(),
  name: requiredText({ max: BIM_MODEL_NAME_MAX }),
});
export const modelUpdateSchema = z.object({ name: requiredText({ max: BIM_MODEL_NAME_MAX }) });

/** POST calidad/modelos/{id}/archivos: an IFC already uploaded (files/upload-url, context uploader) for one stage. */
export const modelFileAttachSchema = z.object({
  path: requiredText({ max: 500 }),
  stage,
});

export const elementsQuerySchema = z.object({
  q: optionalText({ max: 120 }),
  ifc_class: optionalText({ max: 80 }),
  global_ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.string().max(64)).max(BIM_ELEMENTS_PAGE_MAX, 'validation.max_items'),
    )
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────────────

export const attributeSchema = z.object({ name: requiredText({ max: ATTRIBUTE_NAME_MAX, noDoubleSpaces: true }) });
export const attributeValueSchema = z.object({
  name: requiredText({ max: ATTRIBUTE_VALUE_MAX, noDoubleSpaces: true }),
});
/** Several values at once, one per line (docs/product.md §5: names non-empty and unique). */
export const attributeValuesBulkSchema = z.object({
  names: z.string({ error: 'validation.required' }).max(ATTRIBUTE_VALUE_MAX * 1000, 'validation.max_length'),
});

// ── Activities ──────────────────────────────────────────────────────────────────────────────────────────

const optionalDate = isoDate().nullable().optional();
const cost = decimal({ required: false, min: 0, max: ACTIVITY_COST_MAX, decimals: 2 });

/** The fields an activity takes: no defaults, so a PATCH with .partial() sends only what changed. */
const activityFields = z.object({
  description: requiredText({ max: ACTIVITY_DESCRIPTION_MAX }),
  code: optionalText({ max: 40 }),
  parent_id: id().nullable().optional(),
  estimated_start: optionalDate,
  estimated_end: optionalDate,
  actual_start: optionalDate,
  actual_end: optionalDate,
  progress: decimal({ required: false, min: 0, max: 100, decimals: 1 }),
  estimated_cost: cost,
  actual_cost: cost,
  currency: z.enum(ACTIVITY_CURRENCIES, INVALID).nullable().optional(),
  /** attribute id → value id, or null to clear that attribute */
  values: z.record(z.string().regex(/^\d+$/, 'validation.invalid'), id().nullable()).optional(),
});

const datesInOrder = (v: Record<string, unknown>, ctx: z.RefinementCtx<Record<string, unknown>>) => {
  dateOrder('estimated_start', 'estimated_end')(v, ctx);
  dateOrder('actual_start', 'actual_end')(v, ctx);
};

export const activityCreateSchema = activityFields.extend({ project_id: id() }).superRefine(datesInOrder);
export type ActivityCreateInput = z.infer<typeof activityCreateSchema>;
/** PATCH: only what changed; the server checks the order of dates against the stored ones too. */
export const activityUpdateSchema = activityFields.partial().superRefine(datesInOrder);
export type ActivityUpdateInput = z.infer<typeof activityUpdateSchema>;

/** POST calidad/actividades/masivo: one description per line, under one parent. */
export const activityBulkSchema = z.object({
  project_id: id(),
  parent_id: id().nullable().optional(),
  descriptions: z
    .string({ error: 'validation.required' })
    .max(ACTIVITY_BULK_MAX * (ACTIVITY_DESCRIPTION_MAX + 2), 'validation.max_length')
    .refine((v) => v.split('\n').some((l) => l.trim() !== ''), 'validation.required'),
});

export const activityListQuerySchema = z.object({
  project_id: id(),
  q: optionalText({ max: 120 }),
  /** value ids: an activity matches when it has every attribute's chosen value (values of one attribute OR) */
  values: idList({ max: 50 }).optional(),
});

export const activityMoveSchema = z.object({
  parent_id: id().nullable(),
  position: z.number().int().min(0).max(1_000_000),
});

export const activityLinkCreateSchema = z.object({
  source_id: id(),
  target_id: id(),
  type: z.enum(ACTIVITY_LINK_TYPES, INVALID).optional(),
});

/** PUT calidad/actividades/{id}/elementos: the elements of one model linked to the activity (replaces them). */
export const activityElementsSchema = z.object({
  model_id: id(),
  global_ids: z.array(z.string().min(1).max(64), INVALID).max(20_000, 'validation.max_items'),
});

/**
 * POST calidad/modelos/{id}/regla-vinculo: link every activity with a value of `attribute_id` to the elements whose
 * `property` (storey, ifc_class, name, or "<Pset>.<Property>") equals the value's name, ignoring case.
 */
export const linkRuleSchema = z.object({
  attribute_id: id(),
  property: requiredText({ max: 160 }),
  ifc_class: optionalText({ max: 80 }),
  replace: z.boolean().optional(),
});

// ── Import wizard ───────────────────────────────────────────────────────────────────────────────────────

const mappingTarget = z.union([z.enum(IMPORT_FIELDS), z.string().regex(/^attribute:\d+$/)], INVALID);

/** Step 1: an xlsx or csv already uploaded (files/upload-url, context uploader). */
export const importSheetSchema = z.object({ project_id: id(), path: requiredText({ max: 500 }) });
/** Steps 2 and 3: column name → activity field or attribute:<id>; preview, then the same body imports. */
export const importMappingSchema = importSheetSchema.extend({
  mapping: z.record(z.string().max(200), mappingTarget.nullable()),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
