import { BULK_SELECTION_MAX } from '#domain/limits';

export type SelectionResult = { selected: number[]; refused: boolean };

/** docs/product.md §5/§9: a bulk selection holds at most 50 units; going past it is refused, not truncated. */
export function toggleUnit(selected: readonly number[], id: number, max = BULK_SELECTION_MAX): SelectionResult {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), refused: false };
  if (selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}

/** "Select page": adds the page's units while there is room; says whether some were left out. */
export function selectPage(
  selected: readonly number[],
  pageIds: readonly number[],
  max = BULK_SELECTION_MAX,
): SelectionResult {
  const next = [...selected];
  let refused = false;
  for (const id of pageIds) {
    if (next.includes(id)) continue;
    if (next.length >= max) {
      refused = true;
      break;
    }
    next.push(id);
  }
  return { selected: next, refused };
}
