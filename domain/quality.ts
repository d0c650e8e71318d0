import type { Permission } from './permissions.ts';

/**
 * Quality (docs/product.md §1, §2, §3, §4, §5, §9): BIM models and their IFC files, construction progress with its
 * activities, attributes and values, the Gantt and the link between activities and the model's elements.
 * The contract the server (server/src/modules/quality), the client (client/src/modules/quality, the BIM viewer in
 * client/src/widgets/bim-viewer) and the tests read.
 */

/** Edits activities, attributes, links and imports. Viewing needs only the module (modulo_calidad). */
export const QUALITY_EDIT = 'calidad_editar' satisfies Permission;
/** config/projects/models and config/integraciones/bim: attach, reprocess and delete models. */
export const MODELS_MANAGE = 'config_proyectos' satisfies Permission;

// ── BIM models ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The quality stage a model's file stands for (docs/product.md §5: each file of a model belongs to a different
 * stage). The spec names the rule, not the stages: these are the disciplines a building's models are split in.
 */
export const QUALITY_STAGES = ['estructura', 'arquitectura', 'instalaciones', 'terminaciones', 'coordinacion'] as const;
export type QualityStage = (typeof QUALITY_STAGES)[number];

/**
 * One IFC file's processing (docs/product.md §4: a model may be in optimisation): queued when attached or
 * reprocessed, processing while the worker thread converts it, then ready or failed.
 */
export const BIM_FILE_STATES = ['en_cola', 'procesando', 'listo', 'error'] as const;
export type BimFileState = (typeof BIM_FILE_STATES)[number];
export const BIM_FILE_BUSY_STATES = ['en_cola', 'procesando'] as const satisfies readonly BimFileState[];

/** A model's state, derived from its files: optimising while any is busy, failed when any failed, else ready. */
export const BIM_MODEL_STATES = ['sin_archivos', 'en_optimizacion', 'listo', 'error'] as const;
export type BimModelState = (typeof BIM_MODEL_STATES)[number];

export function modelStateOf(fileStates: readonly BimFileState[]): BimModelState {
  if (fileStates.length === 0) return 'sin_archivos';
  if (fileStates.some((s) => (BIM_FILE_BUSY_STATES as readonly string[]).includes(s))) return 'en_optimizacion';
  if (fileStates.includes('error')) return 'error';
  return 'listo';
}

export const BIM_MODEL_NAME_MAX = 120;
/** Files of one model: one per stage. */
export const BIM_FILES_MAX = QUALITY_STAGES.length;
/** Elements' properties answered per page of the properties index. */
export const BIM_ELEMENTS_PAGE_MAX = 500;

// ── Activities ──────────────────────────────────────────────────────────────────────────────────────────

export const ACTIVITY_CURRENCIES = ['CLP', 'UF', 'USD', 'BRL', 'EUR'] as const;
export type ActivityCurrency = (typeof ACTIVITY_CURRENCIES)[number];

/** Gantt dependency kinds: finish-to-start, start-to-start, finish-to-finish, start-to-finish. */
export const ACTIVITY_LINK_TYPES = ['fs', 'ss', 'ff', 'sf'] as const;
export type ActivityLinkType = (typeof ACTIVITY_LINK_TYPES)[number];

export const ACTIVITY_DESCRIPTION_MAX = 250;
/** docs/product.md §9: the activity history shows the last 50 records. */
export const ACTIVITY_HISTORY_MAX = 50;
/** Lines of one bulk creation (one description per line). */
export const ACTIVITY_BULK_MAX = 500;
/** Activities of one project: the list and the Gantt answer them all at once (the Gantt bench runs 10,000). */
export const ACTIVITIES_PER_PROJECT_MAX = 20_000;
/** Depth of the activity tree (level 0 is a root). */
export const ACTIVITY_LEVEL_MAX = 8;
export const ACTIVITY_COST_MAX = 1e13;

/** An activity's progress on a day, for the 4D slider: planned is linear between estimated start and end. */
export function plannedProgressOn(day: string, start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  if (day < start) return 0;
  if (day >= end) return 100;
  const span = Date.parse(end) - Date.parse(start);
  return span <= 0 ? 100 : Math.round(((Date.parse(day) - Date.parse(start)) / span) * 100);
}

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────────────

export const ATTRIBUTE_NAME_MAX = 80;
export const ATTRIBUTE_VALUE_MAX = 120;
export const ATTRIBUTE_VALUES_MAX = 1000;

// ── Import wizard ───────────────────────────────────────────────────────────────────────────────────────

/** Activity fields a spreadsheet column may be mapped to (step 2 of the wizard); attributes are mapped by id. */
export const IMPORT_FIELDS = [
  'index',
  'description',
  'parent_index',
  'estimated_start',
  'estimated_end',
  'actual_start',
  'actual_end',
  'progress',
  'estimated_cost',
  'actual_cost',
  'currency',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_ROWS_MAX = 20_000;
/** Rows with errors the preview answers in full; the count is always exact. */
export const IMPORT_ERRORS_SHOWN_MAX = 500;

// ── Live events ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Outbox event of every activity or dependency write, on the project's topic (room project:<id>), with
 * activityEventSchema (domain/quality-responses.ts) as its data: server/src/modules/quality/progress/shared/events.ts.
 */
export const QUALITY_ACTIVITIES_CHANGED_EVENT = 'quality.activities.changed';

/** Who reads BIM models (the viewer in Quality and Concrete, config/projects/models): any of these flags. */
export const MODELS_READ = 'modulo_calidad|modulo_hormigon|config_proyectos';
