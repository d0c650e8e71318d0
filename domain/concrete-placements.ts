import { z } from 'zod';
import { emptyBody, type CommandTable } from './commands.ts';
import { CONCRETE_EDIT } from './concrete.ts';
import { decimal, id, isoDate, optionalText, requiredText, timeString } from './schemas/common.ts';

/**
 * Concrete placements, batches and lab results (docs/product.md §1, §3 Concrete placement, §5; concrete/uploader,
 * concrete/placements, concrete/advanceBim): the states, limits, command tables and the advance colours the server
 * (server/src/modules/concrete/{placements,batches,uploader,advance}), the client (client/src/modules/concrete) and
 * the tests read. The configuration they stand on (types, companies, settings, evaluateBatch) is domain/concrete.ts;
 * the other request schemas are domain/schemas/concrete.ts, the answers domain/concrete-responses.ts.
 */

const INVALID = { error: 'validation.invalid' } as const;

// ── Placements (concrete/placements) ────────────────────────────────────────────────────────────────────

/**
 * A pour's lifecycle (machines/concrete-placement.ts): scheduled (programado) → poured (vaciado: its dispatch guides
 * recorded, the placement joins a batch) → sampled (muestreado: the samples taken) → tested (ensayado: every sample
 * has its result at the acceptance age). A scheduled pour that does not happen is cancelled (anulado).
 */
export const PLACEMENT_STATES = ['programado', 'vaciado', 'muestreado', 'ensayado', 'anulado'] as const;
export type PlacementState = (typeof PLACEMENT_STATES)[number];
/** States whose placement holds its BIM elements (an element belongs to one such placement at most). */
export const PLACEMENT_LIVE_STATES = [
  'programado',
  'vaciado',
  'muestreado',
  'ensayado',
] as const satisfies readonly PlacementState[];
/** States whose concrete is in place: counted in batches and in the poured m3. */
export const PLACEMENT_POURED_STATES = [
  'vaciado',
  'muestreado',
  'ensayado',
] as const satisfies readonly PlacementState[];
/** States whose record may still be edited (PATCH). */
export const PLACEMENT_EDITABLE_STATES = ['programado'] as const satisfies readonly PlacementState[];

export const PLACEMENT_TEXT_MAX = 120;
export const PLACEMENT_AXIS_MAX = 10;
export const PLACEMENT_NOTES_MAX = 1000;
/** BIM elements one placement may name. */
export const PLACEMENT_ELEMENTS_MAX = 2000;
/** Dispatch guides (trucks) of one placement. */
export const PLACEMENT_GUIDES_MAX = 100;
/** Samples of one placement. */
export const PLACEMENT_SAMPLES_MAX = 50;
/** Specimens (cylinders or cubes) of one sample. */
export const SAMPLE_SPECIMENS_MAX = 12;
/** The early test age, in days (the acceptance age is the settings' acceptance_age_days, 28 by default). */
export const EARLY_TEST_AGE_DAYS = 7;
/** Highest strength result accepted, MPa. */
export const STRENGTH_MPA_MAX = 150;
/** Rows of one export. */
export const PLACEMENTS_EXPORT_MAX = 100_000;

// ── Command bodies ──────────────────────────────────────────────────────────────────────────────────────

/** One dispatch guide (a truck): its number, the truck's plate, the m3 it brought (≤ truck_m3_max) and when. */
export const dispatchGuideSchema = z.object({
  number: requiredText({ max: 30 }),
  truck: requiredText({ max: 20 }),
  m3: decimal({ min: 0.1, max: 20, oneDecimal: true }),
  arrived_at: timeString(),
});

/**
 * POST hormigon/vaciados/{placementId}/vaciar: the day of the pour and its guides. The server checks each guide
 * against truck_m3_max and their sum against the placement's m3 within m3_tolerance_pct
 * (concrete.errors.guides_m3_mismatch), then puts the placement in its type's open batch.
 */
export const placementPourSchema = z.object({
  poured_on: isoDate(),
  guides: z
    .array(dispatchGuideSchema, INVALID)
    .min(1, 'validation.required')
    .max(PLACEMENT_GUIDES_MAX, 'validation.max_items'),
});

/** One sample: when it was taken, from which guide's truck (optional), how many specimens, for which laboratory. */
export const sampleSchema = z.object({
  code: optionalText({ max: 30 }),
  guide_id: id().nullish(),
  taken_on: isoDate(),
  specimens: decimal({ min: 1, max: SAMPLE_SPECIMENS_MAX, decimals: 0 }),
  laboratory_id: id(),
});

/** POST hormigon/vaciados/{placementId}/muestrear: the samples taken (at least one). */
export const placementSampleSchema = z.object({
  samples: z
    .array(sampleSchema, INVALID)
    .min(1, 'validation.required')
    .max(PLACEMENT_SAMPLES_MAX, 'validation.max_items'),
});

const strength = () => decimal({ min: 0, max: STRENGTH_MPA_MAX, oneDecimal: true, required: false });

/**
 * PUT hormigon/muestras/{sampleId}/resultados: a sample's strengths in MPa at EARLY_TEST_AGE_DAYS (early_mpa) and
 * at the acceptance age (acceptance_mpa); a field left out keeps its value, null clears it. The placement becomes
 * tested when each of its samples has acceptance_mpa (placement.test), and its batch is judged again.
 */
export const sampleResultsSchema = z
  .object({ early_mpa: strength(), acceptance_mpa: strength() })
  .partial()
  .refine((v) => v.early_mpa !== undefined || v.acceptance_mpa !== undefined, 'validation.required');

export const placementCommands = {
  'placement.pour': { verb: 'vaciar', permission: CONCRETE_EDIT, body: placementPourSchema },
  'placement.sample': { verb: 'muestrear', permission: CONCRETE_EDIT, body: placementSampleSchema },
  'placement.cancel': { verb: 'anular', permission: CONCRETE_EDIT, body: emptyBody },
  // Sent by PUT hormigon/muestras/{sampleId}/resultados when the placement's last acceptance result arrives.
  'placement.test': { permission: CONCRETE_EDIT, body: sampleResultsSchema },
} as const satisfies CommandTable;
export type PlacementCommandType = keyof typeof placementCommands;

// ── Batches (lotes) ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A batch's lifecycle (machines/concrete-batch.ts): open (abierto: poured placements of one type join it) → closed
 * (cerrado: full by m3, past its days, or closed by hand) → conforming (conforme) or non-conforming (no_conforme) once
 * every placement is tested, by evaluateBatch; a corrected result judges it again (conforme ↔ no_conforme).
 */
export const BATCH_STATES = ['abierto', 'cerrado', 'conforme', 'no_conforme'] as const;
export type BatchState = (typeof BATCH_STATES)[number];
export const BATCH_JUDGED_STATES = ['conforme', 'no_conforme'] as const satisfies readonly BatchState[];

export const batchCommands = {
  'batch.close': { verb: 'cerrar', permission: CONCRETE_EDIT, body: emptyBody },
  // Sent by the server when a closed batch's placements are all tested, or a result of a judged batch changes.
  'batch.evaluate': { permission: CONCRETE_EDIT, body: emptyBody },
} as const satisfies CommandTable;
export type BatchCommandType = keyof typeof batchCommands;

/** Notification type of a batch judged non-conforming (to the project's staff with the module). */
export const BATCH_NONCONFORMING_NOTIFICATION = 'concrete.batch.nonconforming';

// ── Live events (the project's room) ────────────────────────────────────────────────────────────────────

/**
 * Every placement, sample or batch write, to the project's room: data `{ placement_ids: number[], batch_ids:
 * number[] }` (what changed), so open lists, details and the advanceBim colours refetch.
 */
export const CONCRETE_PLACEMENT_CHANGED_EVENT = 'concrete.placement.changed';
/** The project's Concrete model or documents changed: data `{ project_id: number }`. */
export const CONCRETE_UPLOADER_CHANGED_EVENT = 'concrete.uploader.changed';

// ── Uploader (concrete/uploader) ────────────────────────────────────────────────────────────────────────

/** Kinds of the supporting documents (PDF only, docs/product.md §5 general files: 20 MB each). */
export const CONCRETE_DOCUMENT_KINDS = ['guia_despacho', 'informe_laboratorio', 'otro'] as const;
export type ConcreteDocumentKind = (typeof CONCRETE_DOCUMENT_KINDS)[number];
export const CONCRETE_DOCUMENT_BYTES_MAX = 20 * 1024 * 1024;
export const CONCRETE_DOCUMENTS_PER_UPLOAD_MAX = 20;

// ── advanceBim ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * What colours an element of the Concrete model (concrete/advanceBim): no live placement (sin_vaciar), scheduled
 * (programado), poured and waiting for its batch's verdict (vaciado), its batch conforming or non-conforming.
 */
export const ADVANCE_STATES = ['sin_vaciar', 'programado', 'vaciado', 'conforme', 'no_conforme'] as const;
export type AdvanceState = (typeof ADVANCE_STATES)[number];
/** The colour of each advance state on the model and in the legend. */
export const ADVANCE_COLORS: Record<AdvanceState, string> = {
  sin_vaciar: '#9ca3af',
  programado: '#3b82f6',
  vaciado: '#f59e0b',
  conforme: '#16a34a',
  no_conforme: '#dc2626',
};

/** A placement's advance state, from its own and its batch's. */
export function advanceStateOf(placement: PlacementState, batch: BatchState | null): AdvanceState {
  if (placement === 'anulado') return 'sin_vaciar';
  if (placement === 'programado') return 'programado';
  if (batch === 'conforme' || batch === 'no_conforme') return batch;
  return 'vaciado';
}
