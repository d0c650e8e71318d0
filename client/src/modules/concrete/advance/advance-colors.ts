import { ADVANCE_COLORS, type AdvanceState } from '#domain/concrete-placements';
import type { Advance } from '#domain/concrete-placements-responses';

export type AdvancePlacement = Advance['placements'][number];

/**
 * GlobalId → colour of its placement's advance state (domain/concrete-placements.ts ADVANCE_COLORS). With `only`
 * (the legend's filter), elements of other states are left out, so the viewer dims them; sin_vaciar colours every
 * element of no placement, given the model's GlobalIds.
 */
export function advanceColorMap(
  placements: readonly AdvancePlacement[],
  only: AdvanceState | null,
  allGlobalIds: readonly string[] = [],
): Map<string, string> {
  const colors = new Map<string, string>();
  for (const p of placements) {
    if (only !== null && p.state !== only) continue;
    for (const g of p.global_ids) colors.set(g, ADVANCE_COLORS[p.state]);
  }
  if (only === null || only === 'sin_vaciar') {
    const placed = new Set(placements.flatMap((p) => p.global_ids));
    for (const g of allGlobalIds) if (!placed.has(g)) colors.set(g, ADVANCE_COLORS.sin_vaciar);
  }
  return colors;
}

/** GlobalId → the placement that holds it. */
export function placementByElement(placements: readonly AdvancePlacement[]): Map<string, AdvancePlacement> {
  const map = new Map<string, AdvancePlacement>();
  for (const p of placements) for (const g of p.global_ids) map.set(g, p);
  return map;
}

/** The placements a selection touches (each once, in selection order). */
export function selectedPlacements(
  selection: readonly string[],
  byElement: ReadonlyMap<string, AdvancePlacement>,
): AdvancePlacement[] {
  const found = new Map<number, AdvancePlacement>();
  for (const g of selection) {
    const p = byElement.get(g);
    if (p) found.set(p.id, p);
  }
  return [...found.values()];
}
