import { describe, expect, it } from 'vitest';
import { buildActivityTree, moveTarget, parentIds, toggled, visibleLines } from './activity-tree.ts';
import { activityRow } from '../test/activities.ts';

// 1 Obra gruesa ─ 2 Fundaciones ─ 4 Excavación
//              └ 3 Muros
// 5 Terminaciones
const rows = [
  activityRow(5, { position: 1, description: 'Terminaciones' }),
  activityRow(3, { parent_id: 1, position: 1, description: 'Muros' }),
  activityRow(4, { parent_id: 2, position: 0, description: 'Excavación' }),
  activityRow(1, { position: 0, description: 'Obra gruesa' }),
  activityRow(2, { parent_id: 1, position: 0, description: 'Fundaciones' }),
];
const descriptions = (lines: { row: { description: string }; depth: number }[]) =>
  lines.map((l) => `${'  '.repeat(l.depth)}${l.row.description}`);

describe('activity tree', () => {
  it('reads the rows in tree order by position, each with its depth and how many rows hang below it', () => {
    const tree = buildActivityTree(rows);
    expect(descriptions(visibleLines(tree, new Set()))).toEqual([
      'Obra gruesa',
      '  Fundaciones',
      '    Excavación',
      '  Muros',
      'Terminaciones',
    ]);
    expect(Object.fromEntries(tree.descendants)).toEqual({ 1: 3, 2: 1, 3: 0, 4: 0, 5: 0 });
  });

  it('a collapsed row hides its whole subtree and says it is collapsed; expanding it shows it again', () => {
    const tree = buildActivityTree(rows);
    const collapsed = toggled(new Set(), 2);
    const lines = visibleLines(tree, collapsed);
    expect(descriptions(lines)).toEqual(['Obra gruesa', '  Fundaciones', '  Muros', 'Terminaciones']);
    expect(lines[1]).toMatchObject({ hasChildren: true, isExpanded: false });
    expect(lines[0]).toMatchObject({ hasChildren: true, isExpanded: true });
    expect(lines[2]).toMatchObject({ hasChildren: false, isExpanded: false });
    expect(descriptions(visibleLines(tree, toggled(collapsed, 2)))).toHaveLength(5);
  });

  it('collapse all keeps only the roots; a child collapsed under a collapsed parent stays hidden', () => {
    const tree = buildActivityTree(rows);
    expect([...parentIds(tree)].sort()).toEqual([1, 2]);
    expect(descriptions(visibleLines(tree, parentIds(tree)))).toEqual(['Obra gruesa', 'Terminaciones']);
    expect(descriptions(visibleLines(tree, new Set([1, 2])))).toEqual(['Obra gruesa', 'Terminaciones']);
  });

  it('rows whose parent is not in the answer (a filtered list) stand as roots, none is lost', () => {
    const tree = buildActivityTree([rows[2], rows[1]]);
    expect(descriptions(visibleLines(tree, new Set()))).toEqual(['Excavación', 'Muros']);
  });

  it('rows caught in a parent cycle still show', () => {
    const tree = buildActivityTree([activityRow(8, { parent_id: 9 }), activityRow(9, { parent_id: 8 })]);
    expect(tree.order.map((r) => r.id).sort()).toEqual([8, 9]);
  });

  it('moves: up and down among siblings, indent under the previous sibling, outdent after the parent', () => {
    const tree = buildActivityTree(rows);
    expect(moveTarget(tree, 3, 'up')).toEqual({ parent_id: 1, position: 0 });
    expect(moveTarget(tree, 3, 'down')).toBeNull();
    expect(moveTarget(tree, 2, 'up')).toBeNull();
    expect(moveTarget(tree, 2, 'down')).toEqual({ parent_id: 1, position: 1 });
    expect(moveTarget(tree, 3, 'indent')).toEqual({ parent_id: 2, position: 1 });
    expect(moveTarget(tree, 2, 'indent')).toBeNull();
    expect(moveTarget(tree, 5, 'indent')).toEqual({ parent_id: 1, position: 2 });
    expect(moveTarget(tree, 4, 'outdent')).toEqual({ parent_id: 1, position: 1 });
    expect(moveTarget(tree, 2, 'outdent')).toEqual({ parent_id: null, position: 1 });
    expect(moveTarget(tree, 1, 'outdent')).toBeNull();
    expect(moveTarget(tree, 99, 'up')).toBeNull();
  });

  it('walks 10,000 rows in order', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      activityRow(i + 1, { parent_id: i % 10 === 0 ? null : i - (i % 10) + 1, position: i }),
    );
    const lines = visibleLines(buildActivityTree(many), new Set());
    expect(lines).toHaveLength(10_000);
    expect(lines.filter((l) => l.depth === 0)).toHaveLength(1_000);
  });
});
