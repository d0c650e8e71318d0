import type { QueryClient } from '@tanstack/react-query';
import { deliveryKeys, fichaDetailQuery, fichaKeys, type FichaDetail, type FichaTab } from './ficha-api.ts';

/** What changes a ficha: its commands (docs/product.md §4) and the edits of its tabs (docs/product.md §2). */
export type FichaChange =
  | 'schedule'
  | 'deliver'
  | 'returnToNew'
  | 'clean'
  | 'passToAfterSales'
  | 'owners'
  | 'revision'
  | 'details'
  | 'accessories'
  | 'certificates';

/**
 * What else a change touches besides the record its answer carries: whether the header (the ficha
 * itself) and the fichas lists change, and which tabs. Every change writes the ficha's history and may
 * alter the act it prints, so `activity` and `act` are always among them.
 */
type Effect = { header: boolean; lists: boolean; tabs: FichaTab[] };
const ALWAYS: FichaTab[] = ['activity', 'act'];
const EFFECTS: Record<FichaChange, Effect> = {
  schedule: { header: true, lists: true, tabs: [] },
  deliver: { header: true, lists: true, tabs: ['reception'] },
  // Return to new drops the act the dialog recorded; clean drops every change of the ficha but its owners.
  returnToNew: { header: true, lists: true, tabs: ['reception'] },
  clean: { header: true, lists: true, tabs: ['revision', 'details', 'accessories', 'certificates', 'reception'] },
  // The pending failures become the new ticket's, linked from the revision.
  passToAfterSales: { header: true, lists: true, tabs: ['revision', 'tickets'] },
  // Owners count on the header; the lists search by their names.
  owners: { header: true, lists: true, tabs: ['owners'] },
  // The revision's pending failures are the header's and the list's count.
  revision: { header: true, lists: true, tabs: [] },
  details: { header: false, lists: false, tabs: [] },
  accessories: { header: false, lists: false, tabs: [] },
  certificates: { header: false, lists: false, tabs: [] },
};

/**
 * Applies a change of one ficha (or of several, for a bulk schedule) to the caches: the header the
 * answer carries is written, and only what else the change touches is invalidated (the tab a save
 * answered with is written by its hook). Live sync (ficha-api.ts) still refetches the whole ficha when
 * the change's event arrives: that keeps other users' screens right and, here, lands on what is there.
 */
export function applyFichaChange(
  queryClient: QueryClient,
  unitIds: number | readonly number[],
  change: FichaChange,
  header?: FichaDetail,
): void {
  const effect = EFFECTS[change];
  for (const unitId of typeof unitIds === 'number' ? [unitIds] : unitIds) {
    if (header) queryClient.setQueryData(fichaDetailQuery(unitId).queryKey, header);
    else if (effect.header) void queryClient.invalidateQueries({ queryKey: fichaKeys.ficha(unitId), exact: true });
    for (const tab of [...effect.tabs, ...ALWAYS])
      void queryClient.invalidateQueries({ queryKey: fichaKeys.tab(unitId, tab), exact: true });
  }
  if (effect.lists) void queryClient.invalidateQueries({ queryKey: deliveryKeys.lists() });
}
