import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast } from '../../../api/notify.ts';
import type { FieldErrors } from '../../../shared/forms.ts';

/**
 * A provider form's refusal, shown where it belongs: a 422 on its fields, a 409 (the period already invoiced, no plan
 * yet, already paid) as the dialog's own message; anything else is a toast. The dialog stays open with what was typed.
 */
export function showWriteError(
  err: unknown,
  setErrors: (errors: FieldErrors) => void,
  setConflict: (message: string | null) => void,
) {
  const fields = serverFieldErrors(err);
  if (Object.keys(fields).length) return setErrors(fields);
  if (isApiError(err) && (err.status === 409 || err.status === 422) && err.message) return setConflict(err.message);
  showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);
}
