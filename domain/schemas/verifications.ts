import { z } from 'zod';
import {
  CHECKPOINT_GUIDANCE_MAX,
  CHECKPOINT_PHOTOS_MAX,
  CHECKPOINT_RESULTS,
  CHECKPOINT_TITLE_MAX,
  CONTRACTOR_MAX,
  EVIDENCE_KINDS,
  OBSERVATION_MAX,
  PROGRAM_FIELDS,
  RECEPTION_CODE_MAX,
  RECEPTION_LOCATION_MAX,
  RECEPTION_NAME_MAX,
  RECEPTION_STATES,
  storedPath,
  TEMPLATE_CHECKPOINTS_MAX,
  TEMPLATE_NAME_MAX,
  WORK_PACKAGE_MAX,
} from '../verifications.ts';
import { dateOrder, enumList, id, isoDate, optionalText, requiredText } from './common.ts';

/**
 * Request schemas of Verifications / Reception (domain/verifications.ts; docs/api.md, Verifications): the templates of
 * config/recepciones, the program's receptions, a checkpoint's answer and the program upload. The command bodies
 * (start, sign, cancel, close a follow-up) sit beside their command tables in domain/verifications.ts.
 */

const INVALID = { error: 'validation.invalid' } as const;

// ── Templates (config/recepciones) ──────────────────────────────────────────────────────────────────────

/** One checkpoint of a template: what to check, how (guidance), and the evidence it needs. */
export const checkpointSchema = z.object({
  title: requiredText({ max: CHECKPOINT_TITLE_MAX }),
  guidance: optionalText({ max: CHECKPOINT_GUIDANCE_MAX }),
  evidence: z.enum(EVIDENCE_KINDS, INVALID),
});
export type CheckpointInput = z.infer<typeof checkpointSchema>;

const templateFields = z.object({
  name: requiredText({ max: TEMPLATE_NAME_MAX, noDoubleSpaces: true }),
  /** The work package or stage it receives (e.g. "Obra gruesa", "Terminaciones"); a program row names it. */
  work_package: requiredText({ max: WORK_PACKAGE_MAX, noDoubleSpaces: true }),
  /** The checklist in its order; a PUT replaces it (receptions already started keep their copy). */
  checkpoints: z
    .array(checkpointSchema, INVALID)
    .min(1, 'validation.required')
    .max(TEMPLATE_CHECKPOINTS_MAX, 'validation.max_items'),
  active: z.boolean(INVALID),
});

/** POST verificaciones/plantillas. */
export const templateCreateSchema = templateFields.omit({ active: true });
export type TemplateCreateInput = z.infer<typeof templateCreateSchema>;
/** PATCH verificaciones/plantillas/{templateId}: only what changed. */
export const templateUpdateSchema = templateFields.partial();
export type TemplateUpdateInput = z.infer<typeof templateUpdateSchema>;

// ── Receptions (the program) ────────────────────────────────────────────────────────────────────────────

const receptionFields = z.object({
  code: requiredText({ max: RECEPTION_CODE_MAX }),
  name: requiredText({ max: RECEPTION_NAME_MAX }),
  work_package: optionalText({ max: WORK_PACKAGE_MAX }),
  location: optionalText({ max: RECEPTION_LOCATION_MAX }),
  contractor: optionalText({ max: CONTRACTOR_MAX }),
  template_id: id().nullable().optional(),
  planned_start: isoDate(),
  planned_end: isoDate(),
});

/** POST verificaciones/recepciones: one reception written by hand (code unique in the project). */
export const receptionCreateSchema = receptionFields
  .extend({ project_id: id() })
  .superRefine(dateOrder('planned_start', 'planned_end'));
export type ReceptionCreateInput = z.infer<typeof receptionCreateSchema>;
/** PATCH verificaciones/recepciones/{receptionId}: only while programmed; dates checked against the stored ones. */
export const receptionUpdateSchema = receptionFields.partial().superRefine(dateOrder('planned_start', 'planned_end'));
export type ReceptionUpdateInput = z.infer<typeof receptionUpdateSchema>;

/** GET verificaciones/recepciones: a project's receptions, filtered (the Gantt asks for all of them, no page). */
export const receptionListQuerySchema = z.object({
  project_id: id(),
  q: optionalText({ max: 120 }),
  state: enumList(RECEPTION_STATES).optional(),
  work_package: optionalText({ max: WORK_PACKAGE_MAX }),
  from: isoDate().optional(),
  to: isoDate().optional(),
});
export type ReceptionListQuery = z.infer<typeof receptionListQuerySchema>;

/**
 * PUT verificaciones/recepciones/{receptionId}/puntos/{itemId}: one checkpoint's answer, saved as soon as it is given
 * on the phone (only while the reception is in inspection). A field left out keeps its value; result null clears it.
 * due_on is the follow-up's due date a failed checkpoint opens when the reception is signed.
 */
export const checkpointAnswerSchema = z
  .object({
    result: z.enum(CHECKPOINT_RESULTS, INVALID).nullable(),
    note: optionalText({ max: OBSERVATION_MAX }),
    photo_paths: z.array(storedPath()).max(CHECKPOINT_PHOTOS_MAX, 'validation.max_items'),
    due_on: isoDate().nullable(),
  })
  .partial();
export type CheckpointAnswerInput = z.infer<typeof checkpointAnswerSchema>;

/** GET verificaciones/seguimientos: a project's follow-ups (open first, by due date). */
export const followUpListQuerySchema = z.object({
  project_id: id(),
  state: z.enum(['abierto', 'cerrado', 'vencido'], INVALID).optional(),
});

// ── Program upload (the quality import wizard's pattern) ────────────────────────────────────────────────

/** Step 1: an xlsx or csv already uploaded (files/upload-url, context uploader): its columns and a guessed mapping. */
export const programSheetSchema = z.object({ project_id: id(), path: requiredText({ max: 500 }) });
/** Steps 2 and 3: column name → program field (or null to skip it); preview, then the same body imports. */
export const programMappingSchema = programSheetSchema.extend({
  mapping: z.record(z.string().max(200), z.enum(PROGRAM_FIELDS, INVALID).nullable()),
});
export type ProgramMapping = z.infer<typeof programMappingSchema>;
