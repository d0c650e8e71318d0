import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import type { Catalogue } from '../api/config.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

/**
 * The save of a catalogue entry's dialog: validated with the create schema (the server's own), then created or
 * updated; the dialog closes on success, and field errors, the client's or the server's 422, land on their fields.
 */
export function useCatalogueSave<R extends { id: number; active: boolean }, C extends U, U>(
  catalogue: Catalogue<R, C, U>,
  entry: R | 'new',
  onClose: () => void,
) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = catalogue.useCreate();
  const update = catalogue.useUpdate();
  const save = (schema: z.ZodType<C>, input: unknown) => {
    const checked = validate(schema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    const done = writeCallbacks(t, setErrors, onClose, 'concrete.config.saved');
    if (entry === 'new') create.mutate(checked.data, done);
    else update.mutate({ id: entry.id, input: checked.data }, done);
  };
  return { errors, save, busy: create.isPending || update.isPending, isNew: entry === 'new' };
}
