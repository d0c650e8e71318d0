/**
 * A validation rule of docs/product.md §5 answers null when the value is valid, or a locale key (under
 * 'validation.*') with its interpolation params. The same rules back the client's form fields and
 * the zod schemas in domain/schemas/common.ts, so both sides refuse the same values with the same words.
 */
export type RuleParams = Record<string, string | number>;
export type RuleError = { key: string; params?: RuleParams };
export type RuleResult = RuleError | null;

export const fail = (key: string, params?: RuleParams): RuleError => (params ? { key, params } : { key });

/**
 * Every rule but `required` lets an absent value through, so rules compose: a field that must be
 * present says so with `required`, and an optional RUT stays optional (docs/product.md §5 "RUT: empty allowed").
 */
export function isAbsent(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Strings as typed, numbers as written; other values have no text. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
