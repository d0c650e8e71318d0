import type { TFunction } from 'i18next';
import type { AcceptanceFailure, AcceptanceRule, ConcreteSettings } from '#domain/concrete';
import { parseDecimal } from '#domain/format';
import { formatNumber } from '../../../shared/format.ts';

const T = 'concrete.config.rule';
/** MPa and m3 as the screens print them: one decimal at most, decimal comma ("3,5"). */
export const mpa = (n: number) => formatNumber(n, { precision: 1 });

type Rule = AcceptanceRule & Pick<ConcreteSettings, 'acceptance_age_days'>;

/**
 * The acceptance rule in force as one plain sentence (domain/concrete.ts evaluateBatch, docs/decisions.md D-280):
 * "Cada 3 resultados consecutivos a 28 días deben promediar al menos la resistencia especificada, y ningún resultado
 * puede quedar más de 3,5 MPa bajo ella." With a window of one, each result must reach the target by itself, which
 * already keeps it above the single-result floor, so that half is left out.
 */
export function ruleSentence(t: TFunction, rule: Rule): string {
  const target =
    rule.mean_margin_mpa > 0 ? t(`${T}.target_margin`, { margin: mpa(rule.mean_margin_mpa) }) : t(`${T}.target_plain`);
  const single =
    rule.single_margin_mpa > 0
      ? t(`${T}.single_margin`, { margin: mpa(rule.single_margin_mpa) })
      : t(`${T}.single_zero`);
  return t(`${T}.sentence`, { count: rule.acceptance_consecutive, age: rule.acceptance_age_days, target, single });
}

/** What a batch with fewer results than the window is judged by (evaluateBatch: the mean of all of them). */
export function fewerResultsSentence(
  t: TFunction,
  rule: Pick<AcceptanceRule, 'acceptance_consecutive'>,
): string | null {
  return rule.acceptance_consecutive > 1 ? t(`${T}.fewer`, { n: rule.acceptance_consecutive }) : null;
}

/** How placements are grouped into batches: "… hasta sumar 120 m³ o hasta 14 días desde su primer vaciado." */
export function batchSentence(t: TFunction, s: Pick<ConcreteSettings, 'batch_m3_max' | 'batch_days_max'>): string {
  return t(`${T}.batch`, { m3: mpa(s.batch_m3_max), count: s.batch_days_max });
}

/** One reason a batch does not conform, with results numbered from 1 in the order they were taken. */
export function failureText(t: TFunction, f: AcceptanceFailure, specifiedMpa: number): string {
  if (f.kind === 'single')
    return t(`${T}.failure_single`, {
      n: f.index + 1,
      value: mpa(f.value),
      required: mpa(f.required),
      margin: mpa(specifiedMpa - f.required),
    });
  // A window of one result (acceptance_consecutive 1, or a batch of one) reads "Resultado 2", a wider one "Resultados 1 a 3".
  return t(`${T}.failure_mean`, {
    count: f.to - f.from + 1,
    from: f.from + 1,
    to: f.to + 1,
    mean: mpa(f.mean),
    required: mpa(f.required),
  });
}

/** Most results the calculator reads (a batch is a few dozen at most). */
export const TRY_RESULTS_MAX = 200;

export type ParsedResults = { ok: true; results: number[] } | { ok: false; error: string };

/**
 * Results typed the es-CL way, separated by spaces, semicolons or line breaks ("27,1; 24 26,5"): the comma is the
 * decimal mark, so it cannot separate results. Each must be a positive number of MPa.
 */
export function parseResults(t: TFunction, text: string): ParsedResults {
  const tokens = text.split(/[\s;]+/).filter(Boolean);
  if (tokens.length === 0) return { ok: false, error: t(`${T}.try_empty`) };
  if (tokens.length > TRY_RESULTS_MAX) return { ok: false, error: t('validation.max_items', { max: TRY_RESULTS_MAX }) };
  const results: number[] = [];
  for (const token of tokens) {
    const n = parseDecimal(token);
    if (n === null || n <= 0) return { ok: false, error: t(`${T}.try_not_a_number`, { token }) };
    results.push(n);
  }
  return { ok: true, results };
}
