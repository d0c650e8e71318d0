import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityRow } from '#domain/quality-responses';
import { isApiError } from '../../../api/errors.ts';
import { showErrorToast } from '../../../api/notify.ts';
import { useUpdateActivity, type ActivityUpdateBody } from '../api/activities.ts';
import { isSameValue, patchOf, type EditableField } from './activity-fields.ts';
import type { CellError } from './editable-cell.tsx';

/** A cell: a field of the activity, or one attribute's value ('attribute:12'). */
export type CellKey = EditableField | `attribute:${number}`;
export const cellId = (rowId: number, key: CellKey) => `${rowId}:${key}`;

/** The 422 message of one field: 'values.12' for an attribute; otherwise the first the server gave. */
function serverMessage(error: unknown, key: CellKey): string | undefined {
  if (!isApiError(error)) return undefined;
  const field = key.startsWith('attribute:') ? `values.${key.slice('attribute:'.length)}` : key;
  return error.fields[field] ?? error.fields.values ?? Object.values(error.fields)[0] ?? (error.message || undefined);
}

/**
 * Saving of the list's inline edits: one PATCH per cell through useUpdateActivity (optimistic: the row changes at
 * once and goes back if refused). A refused value (the schema's check here, or the server's 422) is kept with its
 * message on its cell; any other failure is toasted, the edit being silent (api/activities.ts update).
 */
export function useInlineEdit(projectId: number) {
  const { t } = useTranslation();
  const update = useUpdateActivity(projectId);
  const [errors, setErrors] = useState<ReadonlyMap<string, CellError>>(new Map());

  const setError = useCallback((id: string, error: CellError | null) => {
    setErrors((current) => {
      if (!error && !current.has(id)) return current;
      const next = new Map(current);
      if (error) next.set(id, error);
      else next.delete(id);
      return next;
    });
  }, []);

  const send = useCallback(
    (row: ActivityRow, key: CellKey, text: string, body: ActivityUpdateBody) => {
      const id = cellId(row.id, key);
      setError(id, null);
      update.mutateAsync({ id: row.id, body }).catch((error: unknown) => {
        const message = isApiError(error) && error.status === 422 ? serverMessage(error, key) : undefined;
        if (message) setError(id, { text, message });
        else {
          const e = error as { status?: number; message?: string; errors?: string[] };
          showErrorToast(e.status ?? 0, e.message, e.errors ?? []);
        }
      });
    },
    [update, setError],
  );

  const commit = useCallback(
    (row: ActivityRow, key: CellKey, text: string) => {
      const id = cellId(row.id, key);
      if (key.startsWith('attribute:')) {
        const attributeId = key.slice('attribute:'.length);
        const current = row.values[attributeId];
        if ((current === undefined ? '' : String(current)) === text) return setError(id, null);
        return send(row, key, text, { values: { [attributeId]: text ? Number(text) : null } });
      }
      const field = key as EditableField;
      if (isSameValue(row, field, text)) return setError(id, null);
      const patch = patchOf(row, field, text, t);
      if (!patch.ok) return setError(id, { text, message: patch.message });
      send(row, key, text, patch.body);
    },
    [send, setError, t],
  );

  const cancel = useCallback((row: ActivityRow, key: CellKey) => setError(cellId(row.id, key), null), [setError]);

  return { errors, commit, cancel };
}
