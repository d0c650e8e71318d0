import { showToast } from '../../../api/notify.ts';

/** Both sides normalised (trimmed strings, '' = null) so a field touched and put back is "no change". */
export function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalise(v)]),
    );
  }
  return value ?? null;
}

/** docs/product.md §5 "saving with no changes shows a 'no changes to send' message": compared before any request. */
export function hasChanges(saved: unknown, edited: unknown): boolean {
  return JSON.stringify(normalise(saved)) !== JSON.stringify(normalise(edited));
}

export function notifyNoChanges(message: string) {
  showToast({ type: 'warning', title: message, errors: [] });
}
