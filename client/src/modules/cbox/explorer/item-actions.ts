import { holdsLevel } from '#domain/cbox';
import type { CboxItem } from '#domain/cbox-responses';

export const ITEM_ACTIONS = ['open', 'rename', 'move', 'delete', 'share', 'details', 'download'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/** What the caller may do with an item, from the levels they hold on it (docs/product.md §6). */
export function actionsOf(item: CboxItem): ItemAction[] {
  const edit = holdsLevel(item.levels, 'can-edit');
  const share = holdsLevel(item.levels, 'can-share');
  return ITEM_ACTIONS.filter((a) => {
    if (a === 'rename' || a === 'move' || a === 'delete') return edit;
    if (a === 'share') return share;
    if (a === 'details' || a === 'download') return item.kind === 'file';
    return true;
  });
}

/** A bulk action is offered when every selected item allows it. */
export const everyAllows = (items: readonly CboxItem[], action: ItemAction) =>
  items.length > 0 && items.every((i) => actionsOf(i).includes(action));
