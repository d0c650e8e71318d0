/**
 * Number rules of the number input (docs/product.md §5 defaults: thousands '.', decimal ',', precision 2,
 * negatives off, rounding on, optional min and max). The es-CL printing and reading itself is
 * domain/format.ts (shared with the server); this file adds what only the input needs: other
 * separators, truncation instead of rounding, the sign rule, min/max and keystroke filtering.
 */
import { formatNumber as formatEsCl, parseDecimal, roundTo as roundHalfAway } from '#domain/format';

export type NumberFormatOptions = {
  thousands: string;
  decimal: string;
  precision: number;
  allowNegative: boolean;
  /** true: round half away from zero to `precision`; false: cut the extra decimals. */
  round: boolean;
  /** Pad decimals with zeros up to `precision` ('1.234,50'), as a money-like input shows them. */
  fixed: boolean;
  min?: number;
  max?: number;
};

export const NUMBER_INPUT_DEFAULTS: NumberFormatOptions = {
  thousands: '.',
  decimal: ',',
  precision: 2,
  allowNegative: false,
  round: true,
  fixed: true,
};

export function withDefaults(opts: Partial<NumberFormatOptions> = {}): NumberFormatOptions {
  const merged = { ...NUMBER_INPUT_DEFAULTS };
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  return merged;
}

/** Rounds half away from zero (1.005 → 1.01) or, with `round` false, truncates (1.009 → 1). */
export function roundTo(value: number, precision: number, round = true): number {
  if (!Number.isFinite(value)) return value;
  if (round) return roundHalfAway(value, precision) || 0;
  const sign = value < 0 ? -1 : 1;
  // Shifting through the exponent string avoids 1.13 * 100 = 112.99999….
  const cut = sign * Number(`${Math.trunc(Number(`${Math.abs(value)}e${precision}`))}e-${precision}`);
  return cut || 0; // no '-0'
}

/** Replaces the es-CL separators with the configured ones in a single pass (so '.'↔',' swaps work). */
function swapSeparators(
  text: string,
  from: { thousands: string; decimal: string },
  to: { thousands: string; decimal: string },
): string {
  if (from.thousands === to.thousands && from.decimal === to.decimal) return text;
  let out = '';
  for (const ch of text) out += ch === from.thousands ? to.thousands : ch === from.decimal ? to.decimal : ch;
  return out;
}

const ES_CL = { thousands: '.', decimal: ',' };

/** 1234567.891 → '1.234.567,89' with the defaults; null or NaN → ''. */
export function formatNumber(value: number | null | undefined, options: Partial<NumberFormatOptions> = {}): string {
  const o = withDefaults(options);
  if (value == null || !Number.isFinite(value)) return '';
  // Truncating first leaves nothing for the shared formatter to round.
  const text = formatEsCl(roundTo(value, o.precision, o.round), { precision: o.precision, fixed: o.fixed });
  return swapSeparators(text, ES_CL, o);
}

/**
 * '1.234,5' → 1234.5 with the defaults; a single dot that does not group thousands ('10.5') is a
 * decimal point, as domain/format parseDecimal reads it. Null for empty or unreadable text. No
 * rounding, sign rule or clamping here (see normalizeNumber).
 */
export function parseNumber(text: string, options: Partial<NumberFormatOptions> = {}): number | null {
  const o = withDefaults(options);
  const compact = text.replace(/\s/g, '');
  if (compact === '') return null;
  return parseDecimal(swapSeparators(compact, o, ES_CL));
}

export type NormalizeResult = { value: number | null; clamped: 'min' | 'max' | 'negative' | null };

/** Applies rounding, the sign rule and min/max of docs/product.md §5 to a parsed value, saying which rule moved it. */
export function normalizeNumber(value: number | null, options: Partial<NumberFormatOptions> = {}): NormalizeResult {
  const o = withDefaults(options);
  if (value == null || !Number.isFinite(value)) return { value: null, clamped: null };
  let v = roundTo(value, o.precision, o.round);
  let clamped: NormalizeResult['clamped'] = null;
  if (!o.allowNegative && v < 0) {
    v = 0;
    clamped = 'negative';
  }
  if (o.min != null && v < o.min) {
    v = o.min;
    clamped = 'min';
  }
  if (o.max != null && v > o.max) {
    v = o.max;
    clamped = 'max';
  }
  return { value: v, clamped };
}

/** Drops characters that can never be part of a number while the user types ('-' only when allowed, at the start). */
export function sanitizeNumberText(text: string, options: Partial<NumberFormatOptions> = {}): string {
  const o = withDefaults(options);
  let out = '';
  for (const ch of text) {
    if (/\d/.test(ch) || ch === o.thousands || ch === o.decimal) out += ch;
    else if (ch === '-' && o.allowNegative && out === '') out += ch;
  }
  return out;
}
