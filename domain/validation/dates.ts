import { formatDate, toIsoDate } from '../format.ts';
import { fail, isAbsent, type RuleResult } from './rule.ts';

/** docs/product.md §5: first 10 characters, '/' read as '-', a real date as YYYY-MM-DD or DD-MM-YYYY. */
export function date(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  return toIsoDate(value) ? null : fail('validation.date');
}

type Compare = (a: string, b: string) => boolean;

function compareDates(value: unknown, limit: unknown, ok: Compare, key: string): RuleResult {
  if (isAbsent(value)) return null;
  const iso = toIsoDate(value);
  if (!iso) return fail('validation.date');
  const other = toIsoDate(limit);
  // Nothing to compare with yet (e.g. the start date is still empty): the other field's own rules speak.
  if (!other) return null;
  return ok(iso, other) ? null : fail(key, { date: formatDate(other) });
}

/** docs/product.md §5 "before and after comparisons, inclusive or not". ISO dates compare as strings. */
export const dateBefore = (value: unknown, limit: unknown, inclusive = false): RuleResult =>
  inclusive
    ? compareDates(value, limit, (a, b) => a <= b, 'validation.date_before_or_equal')
    : compareDates(value, limit, (a, b) => a < b, 'validation.date_before');

export const dateAfter = (value: unknown, limit: unknown, inclusive = false): RuleResult =>
  inclusive
    ? compareDates(value, limit, (a, b) => a >= b, 'validation.date_after_or_equal')
    : compareDates(value, limit, (a, b) => a > b, 'validation.date_after');

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** docs/product.md §5 time: HH:mm:ss on a 24 h clock; HH:mm (what the time picker of docs/product.md §9 yields) is accepted. */
export function time(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  return toIsoTime(value) ? null : fail('validation.time');
}

/** "9:05" is refused (two-digit hours); "09:05" → "09:05:00". */
export function toIsoTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = TIME.exec(value.trim());
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : null;
}
