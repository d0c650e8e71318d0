/**
 * What the viewer paints, worked out without three.js: the caller's colours, the dimmed rest and the
 * selection become groups of GlobalIds that share one colour (one highlight call per group and model in
 * engine.ts), and a click becomes the next selection.
 */

/** The selection's colour: drawn over any caller colour so a selected element always stands out. */
export const SELECTION_COLOR = '#ff6a00';
/** Elements without a colour when the caller asks to dim them. */
export const DIM_COLOR = '#c4c8cc';
/** The canvas background (tests count the pixels that differ from it). */
export const BACKGROUND_COLOR = '#f2f4f7';

export type StyleGroup = { color: string; globalIds: string[] };

/** Normalises a CSS hex colour (#abc, #aabbcc, any case) so equal colours share one group. */
function colorKey(color: string): string {
  const c = color.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(c);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : c;
}

/**
 * The groups to paint, one per colour, for the elements `present` in the loaded models: selected ones in
 * SELECTION_COLOR, coloured ones in their colour, the rest in DIM_COLOR when `dimUncoloured` (otherwise
 * left out: they keep their own material). Ids not in the models are ignored.
 */
export function planStyles(opts: {
  present: ReadonlySet<string>;
  colors?: ReadonlyMap<string, string>;
  selected?: readonly string[];
  dimUncoloured?: boolean;
}): StyleGroup[] {
  const selected = new Set((opts.selected ?? []).filter((id) => opts.present.has(id)));
  const groups = new Map<string, string[]>();
  const add = (color: string, id: string) => {
    const key = colorKey(color);
    const list = groups.get(key);
    if (list) list.push(id);
    else groups.set(key, [id]);
  };
  for (const id of opts.present) {
    if (selected.has(id)) add(SELECTION_COLOR, id);
    else {
      const color = opts.colors?.get(id);
      if (color) add(color, id);
      else if (opts.dimUncoloured) add(DIM_COLOR, id);
    }
  }
  return [...groups].map(([color, globalIds]) => ({ color, globalIds }));
}

/**
 * The selection after a click on `picked` (null: on the background). A plain click selects that one
 * element (or clears on the background); with Ctrl/Shift (`additive`) it adds the element, or takes it
 * out if it was selected, and a click on the background changes nothing.
 */
export function nextSelection(current: readonly string[], picked: string | null, additive: boolean): string[] {
  if (!additive) return picked ? [picked] : [];
  if (!picked) return [...current];
  return current.includes(picked) ? current.filter((id) => id !== picked) : [...current, picked];
}
