import type { TFunction } from 'i18next';
import { isApiError, serverFieldErrors } from '../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../api/notify.ts';
import type { FieldErrors } from '../shared/forms.ts';

/**
 * A dialog's save: on success a toast and the dialog closes; a 422 puts the server's words on their fields
 * (serverFieldErrors), anything else is a toast, and the dialog stays open with what was typed.
 */
export function writeCallbacks(
  t: TFunction,
  setErrors: (errors: FieldErrors) => void,
  done: () => void,
  successKey: string,
) {
  return {
    onSuccess: () => {
      showSuccessToast(t(successKey));
      done();
    },
    onError: (err: unknown) => {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);
    },
  };
}
