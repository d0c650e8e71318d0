import { z } from 'zod';
import { parseDecimal, toIsoDate } from '../format.ts';
import { BULK_SELECTION_MAX } from '../limits.ts';
import {
  date as dateRule,
  dateAfter,
  email as emailRule,
  maxDecimals,
  maxValue,
  minValue,
  noDoubleSpaces as noDoubleSpacesRule,
  noSpecialChars as noSpecialCharsRule,
  noSpecialCharsInText,
  normalizeRut,
  numeric,
  oneDecimal as oneDecimalRule,
  rut as rutRule,
  same,
  time as timeRule,
  toIsoTime,
  url as urlRule,
  embeddingOrigin,
  toEmbeddingOrigin,
  type RuleResult,
} from '../validation.ts';

/**
 * Zod builders for the fields every module has, on the docs/product.md §5 rules. Messages are locale keys, so
 * the server's 422 (server/src/lib/validate.ts) and the client's form speak the user's language;
 * params ride on the issue ({min}, {max}, {date}, …). One schema serves the form and the route.
 *
 * Optional builders: '' and null give null (clear the value), undefined stays undefined (not sent,
 * as in a PATCH).
 */
type Check<T> = (value: T) => RuleResult;
/** What a builder yields: T when required, T | null | undefined when `required: false`. */
export type FieldOf<R extends boolean | undefined, T> = z.ZodType<R extends false ? T | null | undefined : T>;

/** Runs docs/product.md §5 rules in order and reports the first failure as a zod issue with its key and params. */
export function rules<T>(...list: Check<T>[]) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    for (const rule of list) {
      const error = rule(value);
      if (error) {
        ctx.addIssue({ code: 'custom', message: error.key, params: error.params, input: value });
        return;
      }
    }
  };
}

const REQUIRED = { error: 'validation.required' } as const;
const INVALID = { error: 'validation.invalid' } as const;

/** A trimmed string field checked by `checks` and stored as `normalize` gives it. */
function stringField<T, R extends boolean | undefined>(
  required: R,
  max: number,
  checks: Check<string>[],
  normalize: (v: string) => T,
): FieldOf<R, T> {
  if (required === false) {
    return z
      .string(INVALID)
      .trim()
      .max(max, 'validation.max_length')
      .superRefine(rules(...checks))
      .transform((v) => (v === '' ? null : normalize(v)))
      .nullish() as unknown as FieldOf<R, T>;
  }
  return z
    .string(REQUIRED)
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.max_length')
    .superRefine(rules(...checks))
    .transform(normalize) as unknown as FieldOf<R, T>;
}

/** `noSpecialChars`: true for names (docs/product.md §5), 'text' for free texts that may hold sentences. */
export type TextOptions = { min?: number; max?: number; noDoubleSpaces?: boolean; noSpecialChars?: boolean | 'text' };

function textChecks({ noDoubleSpaces = false, noSpecialChars = false }: TextOptions): Check<string>[] {
  const special = noSpecialChars === 'text' ? [noSpecialCharsInText] : noSpecialChars ? [noSpecialCharsRule] : [];
  return [...(noDoubleSpaces ? [noDoubleSpacesRule] : []), ...special];
}

/** Trimmed, non-empty text (docs/product.md §5 "names need at least one character"). */
export function requiredText(options: TextOptions = {}) {
  const { min = 1, max = 255 } = options;
  let schema = z.string(REQUIRED).trim().min(1, 'validation.required');
  if (min > 1) schema = schema.min(min, 'validation.min_length');
  return schema.max(max, 'validation.max_length').superRefine(rules(...textChecks(options)));
}

/** Text that may be absent. */
export function optionalText(options: Omit<TextOptions, 'min'> = {}): FieldOf<false, string> {
  return stringField(false, options.max ?? 255, textChecks(options), (v) => v);
}

/** docs/product.md §5 e-mail without ñ, stored in lower case so one address is one account. */
export function email<R extends boolean | undefined = true>(options: { required?: R } = {}) {
  return stringField(options.required as R, 254, [emailRule], (v) => v.toLowerCase());
}

/** docs/product.md §5 RUT: empty allowed (→ null) unless required; stored as "12345678-K". */
export function rut<R extends boolean | undefined = false>(options: { required?: R; country?: string | null } = {}) {
  const required = (options.required ?? false) as R;
  return stringField(required, 20, [(v) => rutRule(v, options.country ?? 'CL')], (v) => normalizeRut(v) as string);
}

/** docs/product.md §5 date (YYYY-MM-DD or DD-MM-YYYY, '/' or '-', time part ignored), stored "YYYY-MM-DD". */
export function dateString<R extends boolean | undefined = true>(options: { required?: R } = {}) {
  return stringField(options.required as R, 64, [dateRule], (v) => toIsoDate(v) as string);
}

/**
 * A date sent as YYYY-MM-DD (filters, API fields) that exists on the calendar: '2030-02-31' or
 * '0000-01-01' are a 422 here, not an error of the database's date type.
 */
export function isoDate() {
  return z
    .string(REQUIRED)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine((v) => toIsoDate(v) === v, 'validation.date');
}

/** docs/product.md §5 time, HH:mm:ss 24 h (HH:mm accepted), stored "HH:mm:ss". */
export function timeString<R extends boolean | undefined = true>(options: { required?: R } = {}) {
  return stringField(options.required as R, 8, [timeRule], (v) => toIsoTime(v) as string);
}

/** docs/product.md §5 URL: absolute http(s). */
export function url<R extends boolean | undefined = true>(options: { required?: R; max?: number } = {}) {
  return stringField(options.required as R, options.max ?? 2048, [urlRule], (v) => v);
}

/** Sites allowed to frame the owner portal: https origins only, stored as browsers send them (at most 20). */
export function embeddingOrigins() {
  return z.array(stringField(true, 300, [embeddingOrigin], toEmbeddingOrigin)).max(20, 'validation.max_items');
}

export type DecimalOptions<R> = { min?: number; max?: number; oneDecimal?: boolean; decimals?: number; required?: R };

const isBlank = (v: unknown) => v === '' || (typeof v === 'string' && v.trim() === '');

/**
 * A number sent as a JSON number or as typed ('10,5', '1.234,5'), output a number. docs/product.md §5: min and
 * max value accept the comma; "numbers allow at most one decimal" with `oneDecimal`.
 */
export function decimal<R extends boolean | undefined = true>(options: DecimalOptions<R> = {}): FieldOf<R, number> {
  const { min, max, oneDecimal = false, decimals } = options;
  const checks: Check<string | number>[] = [numeric];
  if (oneDecimal) checks.push(oneDecimalRule);
  if (decimals !== undefined) checks.push((v) => maxDecimals(v, decimals));
  if (min !== undefined) checks.push((v) => minValue(v, min));
  if (max !== undefined) checks.push((v) => maxValue(v, max));
  const value = z
    .union([z.number(), z.string()], {
      error: (i) => (i.input === undefined ? 'validation.required' : 'validation.number'),
    })
    .superRefine(rules(...checks))
    .transform((v) => parseDecimal(v) as number);
  if (options.required === false)
    return z.preprocess((v) => (isBlank(v) ? null : v), value.nullish()) as unknown as FieldOf<R, number>;
  return z.preprocess((v) => (isBlank(v) || v === null ? undefined : v), value) as unknown as FieldOf<R, number>;
}

/** PostgreSQL integer: a bigger id or count cannot be stored, so it is invalid, not a 500. */
export const DB_INT_MAX = 2_147_483_647;

/** A row id from a path, query or body: a positive whole number, also when sent as "42". */
export function id() {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
      .int('validation.invalid')
      .positive('validation.invalid')
      .max(DB_INT_MAX, 'validation.invalid'),
  );
}

/** Ids as an array or a comma list (docs/product.md §7 query arrays); at most `max` (docs/product.md §9 bulk: 50). */
export function idList(options: { max?: number; required?: boolean } = {}) {
  const { max = BULK_SELECTION_MAX, required = false } = options;
  const toArray = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : (v ?? []));
  let list = z.array(id(), INVALID).max(max, 'validation.max_items');
  if (required) list = list.min(1, 'validation.required');
  return z.preprocess(toArray, list);
}

/** Values of one enum as an array or a comma list (docs/product.md §7 query arrays), each at most once. */
export const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : (v ?? [])),
    z.array(z.enum(values, INVALID)).max(values.length, 'validation.max_items'),
  );

/** For an object schema's superRefine: `confirmation` must equal `field` ('Valores no coinciden'). */
export function sameAs<T extends Record<string, unknown>>(field: keyof T & string, confirmation: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const error = same(value[confirmation], value[field]);
    if (error) ctx.addIssue({ code: 'custom', message: error.key, path: [confirmation], input: value[confirmation] });
  };
}

/** For an object schema's superRefine: `end` may not be before `start` (docs/product.md §5 "dates … in order"). */
export function dateOrder<T extends Record<string, unknown>>(
  start: keyof T & string,
  end: keyof T & string,
  inclusive = true,
) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const error = dateAfter(value[end], value[start], inclusive);
    if (error)
      ctx.addIssue({ code: 'custom', message: error.key, params: error.params, path: [end], input: value[end] });
  };
}
