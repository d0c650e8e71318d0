import { z } from 'zod';
import { emptyBody, type CommandTable } from './commands.ts';
import type { Permission } from './permissions.ts';
import { optionalText, requiredText } from './schemas/common.ts';

/**
 * Verifications / Reception (Recepción; docs/product.md §1, §2 /verifications and config/recepciones): the reception
 * inspection templates (checklists of checkpoints per work package or stage, with the evidence each needs), the
 * verification program of a project (uploaded as xlsx/csv or written by hand, shown on a Gantt of planned against
 * done), the inspection performed on a phone (pass, fail or not applicable per checkpoint, photos, observations, the
 * signatures of the inspector and the contractor), the follow-ups a failed checkpoint opens and the PDF record of each
 * reception. The contract the server (server/src/modules/verifications), the client
 * (client/src/modules/verifications) and the tests read; request schemas are domain/schemas/verifications.ts, the
 * answers domain/verifications-responses.ts.
 */

// ── Permissions ─────────────────────────────────────────────────────────────────────────────────────────

/** Writes the program: uploads it, adds, edits and cancels receptions. Viewing needs only verifications-access. */
export const VERIFICATIONS_MANAGE = 'verificaciones_gestionar' satisfies Permission;
/** Performs inspections: starts one, answers its checkpoints, signs it, closes its follow-ups. */
export const VERIFICATIONS_INSPECT = 'verificaciones_inspeccionar' satisfies Permission;
/** Edits the reception templates (config/recepciones). */
export const RECEPTION_TEMPLATES_EDIT = 'config_recepciones' satisfies Permission;

// ── Templates (config/recepciones) ──────────────────────────────────────────────────────────────────────

export const TEMPLATE_NAME_MAX = 120;
export const WORK_PACKAGE_MAX = 120;
export const CHECKPOINT_TITLE_MAX = 200;
export const CHECKPOINT_GUIDANCE_MAX = 500;
/** Checkpoints of one template. */
export const TEMPLATE_CHECKPOINTS_MAX = 100;
/** Templates of one company. */
export const TEMPLATES_MAX = 500;

/**
 * The evidence a checkpoint needs before the inspection may be signed: none, at least one photo, an observation, or
 * both. A failed checkpoint always needs an observation (what is wrong), whatever its evidence.
 */
export const EVIDENCE_KINDS = ['ninguna', 'foto', 'observacion', 'foto_y_observacion'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const needsPhoto = (e: EvidenceKind) => e === 'foto' || e === 'foto_y_observacion';
export const needsNote = (e: EvidenceKind) => e === 'observacion' || e === 'foto_y_observacion';

// ── Receptions (the program's items) ────────────────────────────────────────────────────────────────────

/**
 * A reception's lifecycle (machines/reception.ts): programmed (programada: in the program, with its planned dates)
 * → in inspection (en_inspeccion: started on site, its template's checkpoints copied to it and answered one by one)
 * → signed by the inspector and the contractor: approved (aprobada) when no checkpoint failed, observed (observada)
 * when one did, each failed checkpoint opening a follow-up; an observed reception becomes approved when its last
 * follow-up is closed. A programmed or started reception that will not happen is cancelled (anulada).
 */
export const RECEPTION_STATES = ['programada', 'en_inspeccion', 'observada', 'aprobada', 'anulada'] as const;
export type ReceptionState = (typeof RECEPTION_STATES)[number];
/** States whose reception has been signed: its record (the PDF) is final but for the follow-ups' closing. */
export const RECEPTION_SIGNED_STATES = ['observada', 'aprobada'] as const satisfies readonly ReceptionState[];
/** States whose program fields (name, dates, template…) may still be edited (PATCH). */
export const RECEPTION_EDITABLE_STATES = ['programada'] as const satisfies readonly ReceptionState[];

export const RECEPTION_CODE_MAX = 40;
export const RECEPTION_NAME_MAX = 200;
export const RECEPTION_LOCATION_MAX = 120;
export const CONTRACTOR_MAX = 120;
export const OBSERVATION_MAX = 2000;
/** Photos of one checkpoint answer, or of a follow-up's closing. */
export const CHECKPOINT_PHOTOS_MAX = 10;
/** Receptions of one project (the program). */
export const RECEPTIONS_PER_PROJECT_MAX = 20_000;
/** Rows of one program upload. */
export const PROGRAM_ROWS_MAX = 5_000;
/** Days a follow-up is given by default when the inspector names none (the client proposes today + this). */
export const FOLLOW_UP_DEFAULT_DAYS = 7;

/** The answer of one checkpoint: passes (cumple), fails (no_cumple) or does not apply (no_aplica). */
export const CHECKPOINT_RESULTS = ['cumple', 'no_cumple', 'no_aplica'] as const;
export type CheckpointResult = (typeof CHECKPOINT_RESULTS)[number];

/** Fields of a program row (the upload's mapping): code and name are required, the rest optional. */
export const PROGRAM_FIELDS = [
  'code',
  'name',
  'work_package',
  'location',
  'contractor',
  'planned_start',
  'planned_end',
] as const;
export type ProgramField = (typeof PROGRAM_FIELDS)[number];
export const PROGRAM_REQUIRED_FIELDS = [
  'code',
  'name',
  'planned_start',
  'planned_end',
] as const satisfies readonly ProgramField[];

// ── Command bodies (the other request schemas are domain/schemas/verifications.ts) ──────────────────────

/** A stored upload's path (files/upload-url), as the client received it. */
export const storedPath = () =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200, 'validation.max_length');

/** POST verificaciones/recepciones/{receptionId}/iniciar: the template's checkpoints are copied to the reception. */
export const receptionStartSchema = emptyBody;

/**
 * POST verificaciones/recepciones/{receptionId}/firmar: both signatures (images uploaded first, as the act's) and who
 * signs for the contractor. The server checks that every checkpoint is answered with its evidence (422 per checkpoint,
 * `items.<itemId>`), then approves the reception or observes it, opening one follow-up per failed checkpoint.
 */
export const receptionSignSchema = z.object({
  inspector_signature_path: storedPath(),
  contractor_signature_path: storedPath(),
  contractor_signer: requiredText({ max: CONTRACTOR_MAX }),
  observations: optionalText({ max: OBSERVATION_MAX }),
});

/** POST verificaciones/recepciones/{receptionId}/anular: why (required). */
export const receptionCancelSchema = z.object({ reason: requiredText({ max: OBSERVATION_MAX }) });

/** POST verificaciones/seguimientos/{followUpId}/cerrar: how the fix was verified, and its photos. */
export const followUpCloseSchema = z.object({
  note: requiredText({ max: OBSERVATION_MAX }),
  photo_paths: z.array(storedPath()).max(CHECKPOINT_PHOTOS_MAX, 'validation.max_items').default([]),
});

export const receptionCommands = {
  'reception.start': { verb: 'iniciar', permission: VERIFICATIONS_INSPECT, body: receptionStartSchema },
  'reception.sign': { verb: 'firmar', permission: VERIFICATIONS_INSPECT, body: receptionSignSchema },
  'reception.cancel': { verb: 'anular', permission: VERIFICATIONS_MANAGE, body: receptionCancelSchema },
  // Sent by POST verificaciones/seguimientos/{followUpId}/cerrar when the reception's last open follow-up closes.
  'reception.resolve': { permission: VERIFICATIONS_INSPECT, body: emptyBody },
} as const satisfies CommandTable;
export type ReceptionCommandType = keyof typeof receptionCommands;

// ── Follow-ups (seguimientos) ───────────────────────────────────────────────────────────────────────────

/**
 * A follow-up (machines/reception-follow-up.ts): opened (abierto) by a failed checkpoint when its reception is signed,
 * with the due date the inspector gave; closed (cerrado) when the fix is verified on site, with a note and photos.
 * An open follow-up past its due date is overdue (vencido), a derived flag, not a state.
 */
export const FOLLOW_UP_STATES = ['abierto', 'cerrado'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

export const followUpCommands = {
  'followUp.close': { verb: 'cerrar', permission: VERIFICATIONS_INSPECT, body: followUpCloseSchema },
} as const satisfies CommandTable;
export type FollowUpCommandType = keyof typeof followUpCommands;

// ── Live events and notifications ───────────────────────────────────────────────────────────────────────

/**
 * The live event of every write to a project's receptions, follow-ups or program, to the project's room
 * (project:<id>): data `{ reception_id: number | null, state: ReceptionState | null }` (null after a program upload),
 * so open Gantt, list and reception screens refetch what changed.
 */
export const RECEPTION_CHANGED_EVENT = 'verifications.reception.changed';
/** The live event of a template write, to the company's room: data `{ template_id: number }`. */
export const TEMPLATE_CHANGED_EVENT = 'verifications.template.changed';
/** Notification of a reception signed with failed checkpoints (observed): its follow-ups and their due dates. */
export const RECEPTION_OBSERVED_NOTIFICATION = 'verifications.reception_observed';
