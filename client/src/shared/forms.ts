import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * Shared zod schemas carry locale keys as messages (validation.required…); this turns their issues
 * into translated per-field messages, passing the limits the messages interpolate.
 */
export function zodFieldErrors(error: z.ZodError, t: TFunction): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (out[field]) continue;
    const i = issue as { minimum?: unknown; maximum?: unknown };
    out[field] = t(issue.message, { min: i.minimum, max: i.maximum, defaultValue: t('validation.invalid') });
  }
  return out;
}

/** Validates with a shared schema: the parsed value, or translated field errors. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  t: TFunction,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: zodFieldErrors(r.error, t) };
}
