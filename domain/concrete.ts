import type { Permission } from './permissions.ts';

/**
 * Concrete (Hormigón; docs/product.md §1, §2, §3, §5): the configuration of pours (config/hormigon: elements, m3
 * settings, laboratories, concrete companies with their homologated flag, concrete types, the batch limit and the
 * acceptance rule of test results), then placements on the BIM model, batches and lab results. The contract the
 * server (server/src/modules/concrete), the client (client/src/modules/concrete) and the tests read.
 */

/** Edits the configuration and records placements. Viewing needs only the module (modulo_hormigon). */
export const CONCRETE_EDIT = 'hormigon_editar' satisfies Permission;

// ── Catalogues (config/hormigon) ────────────────────────────────────────────────────────────────────────

export const CONCRETE_NAME_MAX = 80;
/** Entries of one catalogue (elements, laboratories, companies, types) in a company. */
export const CONCRETE_CATALOGUE_MAX = 500;
/** The elements a new company starts with (editable: renamed, disabled, others added). */
export const DEFAULT_CONCRETE_ELEMENTS = ['Losa', 'Muro', 'Pilar', 'Viga', 'Fundación', 'Radier', 'Escalera'] as const;

/**
 * Strength grades of structural and non-structural concrete (in the spirit of the Chilean concrete standard's
 * classes): G followed by the specified compressive strength in MPa at the acceptance age.
 */
export const CONCRETE_GRADES = ['G05', 'G10', 'G15', 'G17', 'G20', 'G25', 'G30', 'G35', 'G40', 'G45', 'G50'] as const;
export type ConcreteGrade = (typeof CONCRETE_GRADES)[number];
/** The specified strength of a grade, in MPa (G25 → 25). */
export const specifiedStrengthOf = (grade: ConcreteGrade): number => Number(grade.slice(1));
/** Grades below this are not structural (lean concrete, fills). */
export const STRUCTURAL_GRADE_MIN: ConcreteGrade = 'G17';

/** The fraction defective the grade is specified at (the level of confidence of the designation), in %. */
export const CONCRETE_CONFIDENCE_LEVELS = [80, 90, 95] as const;
export type ConcreteConfidence = (typeof CONCRETE_CONFIDENCE_LEVELS)[number];
/** Maximum aggregate sizes offered, in mm. */
export const AGGREGATE_SIZES_MM = [10, 12, 20, 25, 40, 50] as const;
export const SLUMP_CM_MAX = 25;
export const CONCRETE_TYPE_DESCRIPTION_MAX = 250;

/**
 * How a type is written on a dispatch guide: grade (confidence) aggregate slump, e.g. "G25 (90) 20 10"; a slump with
 * a decimal is written with a comma, as Spanish and Portuguese write numbers ("G30 (95) 20 12,5").
 */
export function typeDesignation(t: {
  grade: ConcreteGrade;
  confidence: number;
  aggregate_mm: number;
  slump_cm: number;
}): string {
  return `${t.grade} (${t.confidence}) ${t.aggregate_mm} ${String(t.slump_cm).replace('.', ',')}`;
}

/**
 * The live event of every config/hormigon write, to the company's room (company:<id>): data
 * `{ catalogue: ConcreteCatalogue, id: number | null }` (the entry written; null for the settings and the defaults),
 * so another open configuration screen refetches that catalogue.
 */
export const CONCRETE_CONFIG_CHANGED_EVENT = 'concrete.config.changed';
export const CONCRETE_CATALOGUES = ['elements', 'laboratories', 'companies', 'types', 'settings'] as const;
export type ConcreteCatalogue = (typeof CONCRETE_CATALOGUES)[number];

// ── Settings: m3 and batches (config/hormigon concreto and lotes) ───────────────────────────────────────

/**
 * One company's concrete settings. m3: what one dispatch guide (a truck) and one placement may hold, and how far the
 * guides' sum may stray from the placement's m3. Batches (lotes): placements of one type are grouped into a batch
 * until it holds batch_m3_max or batch_days_max have passed since its first pour. Acceptance (docs/decisions.md,
 * the concrete acceptance rule): at acceptance_age_days, every acceptance_consecutive consecutive results average
 * at least the specified strength plus mean_margin_mpa, and no single result falls below it by more than
 * single_margin_mpa.
 */
export type ConcreteSettings = {
  truck_m3_max: number;
  placement_m3_max: number;
  m3_tolerance_pct: number;
  batch_m3_max: number;
  batch_days_max: number;
  acceptance_age_days: number;
  acceptance_consecutive: number;
  mean_margin_mpa: number;
  single_margin_mpa: number;
};

export const CONCRETE_SETTINGS_DEFAULTS: ConcreteSettings = {
  truck_m3_max: 8,
  placement_m3_max: 300,
  m3_tolerance_pct: 5,
  batch_m3_max: 120,
  batch_days_max: 14,
  acceptance_age_days: 28,
  acceptance_consecutive: 3,
  mean_margin_mpa: 0,
  single_margin_mpa: 3.5,
};

/** Bounds of each setting (the schema and the form read them). */
export const CONCRETE_SETTINGS_LIMITS: Record<keyof ConcreteSettings, { min: number; max: number; decimals: number }> =
  {
    truck_m3_max: { min: 1, max: 20, decimals: 1 },
    placement_m3_max: { min: 1, max: 5000, decimals: 1 },
    m3_tolerance_pct: { min: 0, max: 50, decimals: 1 },
    batch_m3_max: { min: 1, max: 5000, decimals: 1 },
    batch_days_max: { min: 1, max: 365, decimals: 0 },
    acceptance_age_days: { min: 3, max: 90, decimals: 0 },
    acceptance_consecutive: { min: 1, max: 10, decimals: 0 },
    mean_margin_mpa: { min: 0, max: 20, decimals: 1 },
    single_margin_mpa: { min: 0, max: 20, decimals: 1 },
  };

// ── The acceptance rule ─────────────────────────────────────────────────────────────────────────────────

export type AcceptanceRule = Pick<ConcreteSettings, 'acceptance_consecutive' | 'mean_margin_mpa' | 'single_margin_mpa'>;

/** Why a batch does not conform: a window of consecutive results averaging too little, or one result too low. */
export type AcceptanceFailure =
  | { kind: 'mean'; from: number; to: number; mean: number; required: number }
  | { kind: 'single'; index: number; value: number; required: number };

export type AcceptanceVerdict = {
  conforming: boolean;
  /** The mean of all results, MPa, one decimal. */
  mean: number;
  failures: AcceptanceFailure[];
};

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * A batch's results (MPa at the acceptance age, in the order the samples were taken) judged against the specified
 * strength: every window of `acceptance_consecutive` consecutive results (all of them when there are fewer) must
 * average at least specified + mean_margin_mpa, and each result must be at least specified − single_margin_mpa.
 * Worked examples in domain/concrete.test.ts.
 */
export function evaluateBatch(
  results: readonly number[],
  specifiedMpa: number,
  rule: AcceptanceRule,
): AcceptanceVerdict {
  if (results.length === 0) throw new Error('evaluateBatch needs at least one result');
  const failures: AcceptanceFailure[] = [];
  const size = Math.min(rule.acceptance_consecutive, results.length);
  const meanRequired = specifiedMpa + rule.mean_margin_mpa;
  for (let from = 0; from + size <= results.length; from++) {
    const window = results.slice(from, from + size);
    const mean = window.reduce((a, b) => a + b, 0) / size;
    if (mean < meanRequired - 1e-9)
      failures.push({ kind: 'mean', from, to: from + size - 1, mean: oneDecimal(mean), required: meanRequired });
  }
  const singleRequired = oneDecimal(specifiedMpa - rule.single_margin_mpa);
  results.forEach((value, index) => {
    if (value < singleRequired - 1e-9) failures.push({ kind: 'single', index, value, required: singleRequired });
  });
  const mean = oneDecimal(results.reduce((a, b) => a + b, 0) / results.length);
  return { conforming: failures.length === 0, mean, failures };
}
