/** Pure rules of the options-list editor (docs/product.md §5): trimmed names, no case-insensitive duplicates, a maximum. */

/** docs/product.md §3 editable option item. A null/undefined id marks an item added in this session (not saved yet). */
export type EditableOption = { id?: string | number | null; name: string; disabled: boolean };

export type AddOutcome = 'added' | 'empty' | 'duplicate' | 'max';

export function isNewOption(option: EditableOption): boolean {
  return option.id == null;
}

/** Stable identity for React keys and drag-and-drop: saved items by id, new ones by their (unique) name. */
export function optionKey(option: EditableOption): string {
  return isNewOption(option) ? `new:${option.name.toLocaleLowerCase()}` : `id:${String(option.id)}`;
}

/** Adds a new enabled option at the end; refuses empty names, duplicates (any case) and going past `max`. */
export function addOption(
  list: EditableOption[],
  rawName: string,
  max: number,
): { list: EditableOption[]; outcome: AddOutcome } {
  const name = rawName.trim();
  if (!name) return { list, outcome: 'empty' };
  const folded = name.toLocaleLowerCase();
  if (list.some((o) => o.name.trim().toLocaleLowerCase() === folded)) return { list, outcome: 'duplicate' };
  if (list.length >= max) return { list, outcome: 'max' };
  return { list: [...list, { id: null, name, disabled: false }], outcome: 'added' };
}

/** Removes an item, but only a new one: saved items may only be disabled (docs/product.md §5). */
export function removeOption(list: EditableOption[], key: string): EditableOption[] {
  return list.filter((o) => !(optionKey(o) === key && isNewOption(o)));
}

/** Flips `disabled` of a saved item; new items are removed instead, so they are left as they are. */
export function toggleOptionDisabled(list: EditableOption[], key: string): EditableOption[] {
  return list.map((o) => (optionKey(o) === key && !isNewOption(o) ? { ...o, disabled: !o.disabled } : o));
}

/** Moves the item with key `from` to the position of the item with key `to`. */
export function moveOption(list: EditableOption[], from: string, to: string): EditableOption[] {
  const a = list.findIndex((o) => optionKey(o) === from);
  const b = list.findIndex((o) => optionKey(o) === to);
  if (a < 0 || b < 0 || a === b) return list;
  const next = list.slice();
  const [item] = next.splice(a, 1);
  next.splice(b, 0, item!);
  return next;
}
