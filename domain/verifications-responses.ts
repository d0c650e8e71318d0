import { z } from 'zod';
import { attachmentViewSchema, day, eventOf, instant, refSchema } from './responses.ts';
import {
  CHECKPOINT_RESULTS,
  EVIDENCE_KINDS,
  FOLLOW_UP_STATES,
  followUpCommands,
  PROGRAM_FIELDS,
  RECEPTION_STATES,
  receptionCommands,
} from './verifications.ts';

/**
 * What the Verifications / Reception routes answer (docs/api.md, Verifications); tests/contracts/ parses the real
 * answers with these, and the client takes its types from them.
 */

// ── Templates ───────────────────────────────────────────────────────────────────────────────────────────

export const checkpointViewSchema = z.object({
  title: z.string(),
  guidance: z.string().nullable(),
  evidence: z.enum(EVIDENCE_KINDS),
});
export type CheckpointView = z.infer<typeof checkpointViewSchema>;

export const templateSchema = z.object({
  id: z.number(),
  name: z.string(),
  work_package: z.string(),
  active: z.boolean(),
  checkpoints: z.array(checkpointViewSchema),
  /** Receptions of any project that name it. */
  reception_count: z.number(),
  updated_at: instant,
});
export type ReceptionTemplate = z.infer<typeof templateSchema>;

// ── Receptions ──────────────────────────────────────────────────────────────────────────────────────────

/** A reception as the list and the Gantt show it: the program's fields, where it stands and what is open. */
export const receptionRowSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  code: z.string(),
  name: z.string(),
  work_package: z.string().nullable(),
  location: z.string().nullable(),
  contractor: z.string().nullable(),
  template: refSchema.nullable(),
  state: z.enum(RECEPTION_STATES),
  planned_start: day,
  planned_end: day,
  /** The day the inspection started, and the day it was signed: "done" on the Gantt. */
  started_on: day.nullable(),
  signed_on: day.nullable(),
  checkpoint_count: z.number(),
  answered_count: z.number(),
  failed_count: z.number(),
  open_follow_ups: z.number(),
  overdue_follow_ups: z.number(),
  updated_at: instant,
});
export type ReceptionRow = z.infer<typeof receptionRowSchema>;

/** GET verificaciones/recepciones: every reception of the project that matches (at most RECEPTIONS_PER_PROJECT_MAX). */
export const receptionListSchema = z.object({
  data: z.array(receptionRowSchema),
  /** By state, over the whole project (not the filter): the Gantt's legend. */
  counts: z.record(z.enum(RECEPTION_STATES), z.number()),
});
export type ReceptionList = z.infer<typeof receptionListSchema>;

/** One checkpoint of a started reception: the template's copy and its answer. */
export const receptionItemSchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  guidance: z.string().nullable(),
  evidence: z.enum(EVIDENCE_KINDS),
  result: z.enum(CHECKPOINT_RESULTS).nullable(),
  note: z.string().nullable(),
  photos: z.array(attachmentViewSchema),
  due_on: day.nullable(),
  answered_at: instant.nullable(),
});
export type ReceptionItem = z.infer<typeof receptionItemSchema>;

export const signatureViewSchema = z.object({
  /** Who signed: the inspector's name, or the contractor's signer. */
  name: z.string(),
  image: attachmentViewSchema,
  signed_at: instant,
});

/** GET verificaciones/recepciones/{receptionId}: the reception, its checkpoints, signatures and follow-ups. */
export const receptionDetailSchema = receptionRowSchema.extend({
  project: refSchema,
  inspector: refSchema.nullable(),
  observations: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  items: z.array(receptionItemSchema),
  inspector_signature: signatureViewSchema.nullable(),
  contractor_signature: signatureViewSchema.nullable(),
  follow_ups: z.array(z.lazy(() => followUpRowSchema)),
  /** What the machine allows now, for the caller's permissions. */
  allowed_events: z.array(eventOf(receptionCommands)),
  /** GET path of the PDF record (signed receptions). */
  pdf_url: z.string().nullable(),
});
export type ReceptionDetail = z.infer<typeof receptionDetailSchema>;

// ── Follow-ups ──────────────────────────────────────────────────────────────────────────────────────────

export const followUpRowSchema = z.object({
  id: z.number(),
  reception_id: z.number(),
  reception_code: z.string(),
  reception_name: z.string(),
  item_id: z.number(),
  title: z.string(),
  note: z.string(),
  due_on: day,
  state: z.enum(FOLLOW_UP_STATES),
  overdue: z.boolean(),
  closed_on: day.nullable(),
  closing_note: z.string().nullable(),
  closing_photos: z.array(attachmentViewSchema),
  closed_by: refSchema.nullable(),
  allowed_events: z.array(eventOf(followUpCommands)),
});
export type FollowUpRow = z.infer<typeof followUpRowSchema>;

export const followUpListSchema = z.object({ data: z.array(followUpRowSchema) });

// ── Program upload ──────────────────────────────────────────────────────────────────────────────────────

/** Step 1 → 2: the sheet's columns and first rows, and a guessed mapping. */
export const programSheetViewSchema = z.object({
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  row_count: z.number(),
  suggested_mapping: z.record(z.string(), z.enum(PROGRAM_FIELDS)),
});
export type ProgramSheet = z.infer<typeof programSheetViewSchema>;

/** Step 3: what would be imported (rows whose code exists in the project update it), and every row's errors. */
export const programPreviewSchema = z.object({
  row_count: z.number(),
  valid_count: z.number(),
  error_count: z.number(),
  /** 1-based row (the header is row 1), the column, the message already in the caller's language. */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  create_count: z.number(),
  update_count: z.number(),
  /** Work packages no active template receives: their receptions are imported without a template. */
  unmatched_work_packages: z.array(z.string()),
  sample: z.array(
    receptionRowSchema.pick({
      code: true,
      name: true,
      work_package: true,
      location: true,
      contractor: true,
      planned_start: true,
      planned_end: true,
    }),
  ),
});
export type ProgramPreview = z.infer<typeof programPreviewSchema>;

export const programResultSchema = z.object({ created: z.number(), updated: z.number() });
export type ProgramResult = z.infer<typeof programResultSchema>;
