import { fail, isAbsent, textOf, type RuleResult } from './rule.ts';

/**
 * docs/product.md §5 'Este campo es obligatorio': strings are trimmed and must be non-empty, lists and sets must
 * hold something. Numbers (0 too) and booleans are values; NaN and invalid dates are not.
 */
export function required(value: unknown): RuleResult {
  const missing =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && Number.isNaN(value)) ||
    (Array.isArray(value) && value.length === 0) ||
    ((value instanceof Set || value instanceof Map) && value.size === 0) ||
    (value instanceof Date && Number.isNaN(value.getTime()));
  return missing ? fail('validation.required') : null;
}

/** Length in characters as PostgreSQL counts them (code points), so an emoji is one, not two. */
export function lengthOf(text: string): number {
  return [...text].length;
}

function lengthCheck(
  value: unknown,
  check: (length: number) => boolean,
  key: string,
  params: Record<string, number>,
): RuleResult {
  if (isAbsent(value)) return null;
  const text = textOf(value);
  if (text === null) return fail('validation.invalid');
  return check(lengthOf(text)) ? null : fail(key, params);
}

export const minLength = (value: unknown, min: number): RuleResult =>
  lengthCheck(value, (n) => n >= min, 'validation.min_length', { min });

export const maxLength = (value: unknown, max: number): RuleResult =>
  lengthCheck(value, (n) => n <= max, 'validation.max_length', { max });

export const betweenLength = (value: unknown, min: number, max: number): RuleResult =>
  lengthCheck(value, (n) => n >= min && n <= max, 'validation.between_length', { min, max });

/** docs/product.md §5: no two or more consecutive whitespace characters (tabs and line breaks count). */
export function noDoubleSpaces(value: unknown): RuleResult {
  const text = textOf(value);
  return text !== null && /\s{2,}/.test(text) ? fail('validation.no_double_spaces') : null;
}

/**
 * docs/product.md §5 delivery dialog "special characters are not allowed": letters of any alphabet (accents, ñ,
 * ç, combining marks), digits, whitespace and . , - ' only.
 */
export function noSpecialChars(value: unknown): RuleResult {
  const text = textOf(value);
  return text !== null && !/^[\p{L}\p{M}0-9\s.,'-]*$/u.test(text) ? fail('validation.no_special_chars') : null;
}

/**
 * docs/product.md §5 delivery dialog, its free texts (the receiver's comment, the act's observations): a sentence
 * passes — letters, digits, whitespace and the punctuation people write with (. , ; : ! ? ¡ ¿ ( ) quotes,
 * dashes, / % # ° + &) — while what reads as markup or code (< > { } [ ] \ | ` ^ ~ = * _ $ @), emoji and
 * control characters stay refused.
 */
export function noSpecialCharsInText(value: unknown): RuleResult {
  const text = textOf(value);
  return text !== null && !/^[\p{L}\p{M}\p{N}\s.,;:!?¡¿()"'‘’“”«»\-–—/%#°ºª+&]*$/u.test(text)
    ? fail('validation.no_special_chars')
    : null;
}

/** docs/product.md §5 'Valores no coinciden' (password confirmation). Compared exactly: no trimming. */
export function same(value: unknown, other: unknown): RuleResult {
  return Object.is(value, other) ? null : fail('validation.same');
}
