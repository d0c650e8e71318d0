import type { DragEvent } from 'react';
import { CBOX_DRAG_TYPE } from '#domain/cbox';
import type { ItemRef } from './selection.ts';

/** Items dragged inside the explorer carry their refs under CBOX_DRAG_TYPE (files from the computer carry 'Files'). */
export function startItemDrag(e: DragEvent, refs: readonly ItemRef[]) {
  e.dataTransfer.setData(CBOX_DRAG_TYPE, JSON.stringify(refs));
  e.dataTransfer.effectAllowed = 'move';
}

export const carriesItems = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(CBOX_DRAG_TYPE);

/** The refs a drop carries; nothing for a drop from outside or a payload that is not ours. */
export function droppedItems(e: DragEvent): ItemRef[] {
  try {
    const parsed: unknown = JSON.parse(e.dataTransfer.getData(CBOX_DRAG_TYPE) || '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is ItemRef =>
        typeof r === 'object' &&
        r !== null &&
        (r.kind === 'folder' || r.kind === 'file') &&
        Number.isInteger(r.id) &&
        r.id > 0,
    );
  } catch {
    return [];
  }
}

/**
 * Props that make an element a drop target for explorer items (a folder row or card, a breadcrumb). A folder is
 * never dropped into itself. `onDrop` gets the refs; the element shows `data-drop-over` while hovered.
 */
export function dropTargetProps(targetFolderId: number | null, onDrop: (refs: ItemRef[]) => void) {
  const accepts = (e: DragEvent) => carriesItems(e);
  return {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!accepts(e)) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      e.currentTarget.dataset.dropOver = 'true';
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      delete e.currentTarget.dataset.dropOver;
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      delete e.currentTarget.dataset.dropOver;
      if (!accepts(e)) return;
      e.preventDefault();
      e.stopPropagation();
      const refs = droppedItems(e).filter((r) => !(r.kind === 'folder' && r.id === targetFolderId));
      if (refs.length) onDrop(refs);
    },
  };
}
