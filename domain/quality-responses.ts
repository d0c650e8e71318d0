import { z } from 'zod';
import {
  ACTIVITY_CURRENCIES,
  ACTIVITY_LINK_TYPES,
  BIM_FILE_STATES,
  BIM_MODEL_STATES,
  IMPORT_FIELDS,
  QUALITY_STAGES,
} from './quality.ts';
import { day, instant, refSchema } from './responses.ts';

/**
 * What the Quality routes answer (docs/api.md, Quality); tests/contracts/ parses the real answers with these, and
 * the client takes its types from them.
 */

// ── BIM models ──────────────────────────────────────────────────────────────────────────────────────────

export const bimModelFileSchema = z.object({
  id: z.number(),
  stage: z.enum(QUALITY_STAGES),
  state: z.enum(BIM_FILE_STATES),
  /** 0 to 1 */
  progress: z.number(),
  /** Locale key (quality.errors.*) when state is error. */
  error: z.string().nullable(),
  file: z.object({ path: z.string(), name: z.string(), size: z.number() }),
  /** Where the viewer reads the fragments (a files URL, signed by the session's access); null until ready. */
  fragments_url: z.string().nullable(),
  fragments_bytes: z.number().nullable(),
  element_count: z.number().nullable(),
  processing_ms: z.number().nullable(),
  updated_at: instant,
});
export type BimModelFile = z.infer<typeof bimModelFileSchema>;

export const bimModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  project: refSchema,
  state: z.enum(BIM_MODEL_STATES),
  files: z.array(bimModelFileSchema),
  created_at: instant,
  updated_at: instant,
});
export type BimModel = z.infer<typeof bimModelSchema>;

/** One element of the properties index (GET calidad/modelos/{id}/elementos). */
export const bimElementSchema = z.object({
  global_id: z.string(),
  express_id: z.number(),
  model_file_id: z.number(),
  ifc_class: z.string(),
  name: z.string().nullable(),
  storey: z.string().nullable(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type BimElement = z.infer<typeof bimElementSchema>;

/** Live: bim.file.progress on the project's topic, entity bim_model. */
export const bimFileProgressEventSchema = z.object({
  model_id: z.number(),
  file_id: z.number(),
  state: z.enum(BIM_FILE_STATES),
  progress: z.number(),
  error: z.string().nullable(),
});

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────────────

export const attributeValueSchema = z.object({ id: z.number(), name: z.string(), activity_count: z.number() });
export const attributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  values: z.array(attributeValueSchema),
});
export type QualityAttribute = z.infer<typeof attributeSchema>;

// ── Activities ──────────────────────────────────────────────────────────────────────────────────────────

export const activityRowSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  parent_id: z.number().nullable(),
  /** The schedule's code ("1.2.3"), the spec's index. */
  code: z.string().nullable(),
  level: z.number(),
  position: z.number(),
  description: z.string(),
  estimated_start: day.nullable(),
  estimated_end: day.nullable(),
  actual_start: day.nullable(),
  actual_end: day.nullable(),
  /** 0 to 100 */
  progress: z.number(),
  estimated_cost: z.number().nullable(),
  actual_cost: z.number().nullable(),
  currency: z.enum(ACTIVITY_CURRENCIES).nullable(),
  /** attribute id → value id */
  values: z.record(z.string(), z.number()),
  /** Elements linked, all models together. */
  element_count: z.number(),
  updated_at: instant,
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

export const activityLinkSchema = z.object({
  id: z.number(),
  source_id: z.number(),
  target_id: z.number(),
  type: z.enum(ACTIVITY_LINK_TYPES),
});
export type ActivityLink = z.infer<typeof activityLinkSchema>;

/** GET calidad/actividades?project_id=: the whole tree in position order, and its dependencies. */
export const activityListSchema = z.object({
  data: z.array(activityRowSchema),
  links: z.array(activityLinkSchema),
  total: z.number(),
});
export type ActivityList = z.infer<typeof activityListSchema>;

export const activityHistoryEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  created_at: instant,
});
export type ActivityHistoryEntry = z.infer<typeof activityHistoryEntrySchema>;

/** GET calidad/modelos/{id}/actividades-elementos: which activity each linked element belongs to. */
export const activityElementSchema = z.object({ activity_id: z.number(), global_id: z.string() });
export type ActivityElement = z.infer<typeof activityElementSchema>;

/** Live: quality.activity.changed / created / deleted and quality.links.changed on the project's topic. */
export const activityEventSchema = z.object({
  project_id: z.number(),
  rows: z.array(activityRowSchema),
  deleted_ids: z.array(z.number()),
  links: z.array(activityLinkSchema).optional(),
  deleted_link_ids: z.array(z.number()).optional(),
  /** A write of more rows than an event carries (an import): the rows are left out and screens read the list again. */
  truncated: z.literal(true).optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

// ── Import wizard ───────────────────────────────────────────────────────────────────────────────────────

/** Step 1 → 2: the sheet's columns and first rows, and a guessed mapping. */
export const importSheetSchema = z.object({
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  row_count: z.number(),
  suggested_mapping: z.record(z.string(), z.union([z.enum(IMPORT_FIELDS), z.string().regex(/^attribute:\d+$/)])),
});
export type ImportSheet = z.infer<typeof importSheetSchema>;

export const importRowErrorSchema = z.object({
  /** 1-based, the header being row 1 as in the spreadsheet. */
  row: z.number(),
  column: z.string(),
  /** Already in the caller's language. */
  message: z.string(),
});

/** Step 3: what would be imported, and every row's errors (the first IMPORT_ERRORS_SHOWN_MAX). */
export const importPreviewSchema = z.object({
  row_count: z.number(),
  valid_count: z.number(),
  error_count: z.number(),
  errors: z.array(importRowErrorSchema),
  /** New attribute values the import would create, by attribute id. */
  new_values: z.record(z.string(), z.array(z.string())),
  sample: z.array(
    activityRowSchema.pick({
      code: true,
      description: true,
      level: true,
      estimated_start: true,
      estimated_end: true,
      progress: true,
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ created: z.number(), values_created: z.number() });
