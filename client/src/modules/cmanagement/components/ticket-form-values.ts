import type { TFunction } from 'i18next';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import type { CmFieldValues } from '#domain/cmanagement';
import { cmCustomValuesSchema } from '#domain/schemas/cmanagement';
import { zodFieldErrors, type FieldErrors } from '../../../shared/forms.ts';
import { toCustomValues, type FieldDrafts } from './custom-field-input.tsx';

/**
 * The category's answers checked with the server's own schema (domain/schemas/cmanagement.ts), errors under
 * `custom_values.<fieldId>` as the server's 422 names them.
 */
export function checkCustomValues(
  fields: readonly CmCustomFieldRow[],
  drafts: FieldDrafts,
  t: TFunction,
  opts: { complete: boolean; previous?: CmFieldValues },
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const values = toCustomValues(fields, drafts);
  const r = cmCustomValuesSchema(fields, opts).safeParse(values);
  if (r.success) return { ok: true, values };
  const errors = zodFieldErrors(r.error, t);
  return {
    ok: false,
    errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [`custom_values.${k.split('.')[0]}`, v])),
  };
}
