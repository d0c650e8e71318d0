import { BULK_SELECTION_MAX } from '#domain/limits';

/** docs/product.md §5/§9: at most 50 tickets selected for bulk actions. */
export const SELECTION_MAX = BULK_SELECTION_MAX;

/** Toggles one id; refuses (returns the same set) when adding would pass the cap. */
export function toggleId(selected: ReadonlySet<number>, id: number, max = SELECTION_MAX): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (next.size < max) next.add(id);
  else return selected;
  return next;
}

/** Selects the page's ids up to the cap (keeping what was selected); if all of them are already in, unselects them. */
export function togglePage(selected: ReadonlySet<number>, pageIds: number[], max = SELECTION_MAX): ReadonlySet<number> {
  const next = new Set(selected);
  if (pageIds.length > 0 && pageIds.every((id) => next.has(id))) {
    pageIds.forEach((id) => next.delete(id));
    return next;
  }
  for (const id of pageIds) {
    if (next.size >= max) break;
    next.add(id);
  }
  return next;
}
