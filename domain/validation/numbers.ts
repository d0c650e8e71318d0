import { decimalDigits, formatBytes, formatNumber, parseDecimal } from '../format.ts';
import { fail, isAbsent, type RuleResult } from './rule.ts';

/** A number, or text the es-CL way ('10,5', '1.234,5'). */
export function numeric(value: unknown): RuleResult {
  if (isAbsent(value)) return null;
  return parseDecimal(value) === null ? fail('validation.number') : null;
}

// Limits are shown in the user's number format ('99.999,99'), not as JavaScript prints them.
const shown = (n: number) => formatNumber(n, { precision: 6 });

/** docs/product.md §5 min value, comma accepted as decimal separator. */
export function minValue(value: unknown, min: number): RuleResult {
  if (isAbsent(value)) return null;
  const n = parseDecimal(value);
  if (n === null) return fail('validation.number');
  return n >= min ? null : fail('validation.min_value', { min: shown(min) });
}

/** docs/product.md §5 max value, comma accepted as decimal separator. */
export function maxValue(value: unknown, max: number): RuleResult {
  if (isAbsent(value)) return null;
  const n = parseDecimal(value);
  if (n === null) return fail('validation.number');
  return n <= max ? null : fail('validation.max_value', { max: shown(max) });
}

/** At most `digits` decimal digits (surface: 2, docs/product.md §5). */
export function maxDecimals(value: unknown, digits: number): RuleResult {
  if (isAbsent(value)) return null;
  const count = decimalDigits(value);
  if (count === null) return fail('validation.number');
  if (count <= digits) return null;
  return digits === 0 ? fail('validation.whole_number') : fail('validation.max_decimals', { max: digits });
}

/** docs/product.md §5 "Numbers allow at most one decimal". */
export function oneDecimal(value: unknown): RuleResult {
  const result = maxDecimals(value, 1);
  return result?.key === 'validation.max_decimals' ? fail('validation.one_decimal') : result;
}

/** docs/product.md §5 per-file maximum size. Takes a byte count or anything with a size (File, upload item). */
export function fileSize(file: number | { size: number } | null | undefined, max: number): RuleResult {
  if (file == null) return null;
  const bytes = typeof file === 'number' ? file : file.size;
  return bytes <= max ? null : fail('validation.file_size', { size: formatBytes(max) });
}
