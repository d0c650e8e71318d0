import { useCallback, useMemo, useRef, useState } from 'react';
import type { CboxItemKind } from '#domain/cbox';
import type { CboxSelection } from '#domain/schemas/cbox';

/** An item of the explorer as a selection names it. */
export type ItemRef = { kind: CboxItemKind; id: number };
export const refKey = (r: ItemRef) => `${r.kind}:${r.id}`;

export function selectionOf(refs: readonly ItemRef[]): CboxSelection {
  return {
    folder_ids: refs.filter((r) => r.kind === 'folder').map((r) => r.id),
    file_ids: refs.filter((r) => r.kind === 'file').map((r) => r.id),
  };
}

/**
 * The explorer's multi-select over the items of the page shown: toggle one, shift-click selects the range from the
 * last one toggled, select all on the page. Items that leave the page leave the selection.
 */
export function useSelection(items: readonly ItemRef[]) {
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const onPage = useMemo(() => items.map(refKey), [items]);
  const selected = useMemo(() => onPage.filter((k) => keys.has(k)), [onPage, keys]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const toggle = useCallback(
    (ref: ItemRef, range = false) => {
      const index = onPage.indexOf(refKey(ref));
      setKeys((prev) => {
        const next = new Set([...prev].filter((k) => onPage.includes(k)));
        const on = !prev.has(refKey(ref));
        const span =
          range && anchor.current !== null
            ? onPage.slice(Math.min(anchor.current, index), Math.max(anchor.current, index) + 1)
            : [refKey(ref)];
        for (const k of span) {
          if (on) next.add(k);
          else next.delete(k);
        }
        return next;
      });
      anchor.current = index;
    },
    [onPage],
  );
  const setAll = useCallback((on: boolean) => setKeys(on ? new Set(onPage) : new Set()), [onPage]);
  const clear = useCallback(() => setKeys(new Set()), []);
  const refs = useMemo(() => items.filter((r) => selectedSet.has(refKey(r))), [items, selectedSet]);

  return {
    isSelected: (ref: ItemRef) => selectedSet.has(refKey(ref)),
    count: selected.length,
    allSelected: onPage.length > 0 && selected.length === onPage.length,
    refs,
    toggle,
    setAll,
    clear,
  };
}
export type Selection = ReturnType<typeof useSelection>;
