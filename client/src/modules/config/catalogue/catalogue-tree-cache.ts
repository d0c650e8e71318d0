import type { Area, Catalogue, CatalogueNodeRow, Failure, Item, Level, Place } from './catalogue-types.ts';

type TreeNode = Area | Place | Item | Failure;
type Edit = <T extends TreeNode>(list: T[], parentId: number) => T[];

/** Children in the order the server lists them: by position, then id. */
const ordered = <T extends TreeNode>(list: T[]) => [...list].sort((a, b) => a.position - b.position || a.id - b.id);

/** Applies `edit` to every list of nodes of one level, with the id of the node (or unit type) holding it. */
function editLevel(catalogue: Catalogue, level: Level, edit: Edit): Catalogue {
  const areas = catalogue.areas;
  switch (level) {
    case 'areas':
      return { ...catalogue, areas: edit(areas, catalogue.unit_type.id) };
    case 'lugares':
      return { ...catalogue, areas: areas.map((a) => ({ ...a, places: edit(a.places, a.id) })) };
    case 'items':
      return {
        ...catalogue,
        areas: areas.map((a) => ({ ...a, places: a.places.map((p) => ({ ...p, items: edit(p.items, p.id) })) })),
      };
    case 'fallas':
      return {
        ...catalogue,
        areas: areas.map((a) => ({
          ...a,
          places: a.places.map((p) => ({
            ...p,
            items: p.items.map((i) => ({ ...i, failures: edit(i.failures, i.id) })),
          })),
        })),
      };
  }
}

/** The fields of an answered row the tree shows (the API answers the stored row). */
const fieldsOf = (row: CatalogueNodeRow) => ({
  name: row.name,
  position: row.position,
  ...(row.disabledAt !== undefined ? { disabled: row.disabledAt !== null } : {}),
  ...(row.category !== undefined ? { category: row.category } : {}),
  ...(row.severity !== undefined ? { severity: row.severity } : {}),
});

/** A node just created: enabled, with no children yet. */
function newNode(level: Level, row: CatalogueNodeRow): TreeNode {
  const base = { id: row.id, disabled: false, ...fieldsOf(row) };
  if (level === 'areas') return { ...base, places: [] };
  if (level === 'lugares') return { ...base, items: [] };
  if (level === 'items') return { ...base, category: row.category ?? '', failures: [] };
  return { ...base, severity: row.severity ?? '' };
}

/** The tree with a created node under its parent. */
export function insertNode(catalogue: Catalogue, level: Level, parentId: number, row: CatalogueNodeRow): Catalogue {
  return editLevel(catalogue, level, (list, holder) =>
    holder === parentId ? ordered([...list, newNode(level, row) as (typeof list)[number]]) : list,
  );
}

/** The tree with an edited node as the server answered it. */
export function patchNode(catalogue: Catalogue, level: Level, row: CatalogueNodeRow): Catalogue {
  return editLevel(catalogue, level, (list) =>
    list.some((n) => n.id === row.id)
      ? ordered(list.map((n) => (n.id === row.id ? { ...n, ...fieldsOf(row) } : n)))
      : list,
  );
}

/** The tree without a deleted node (and so without what it held). */
export function removeNode(catalogue: Catalogue, level: Level, id: number): Catalogue {
  return editLevel(catalogue, level, (list) => list.filter((n) => n.id !== id));
}
