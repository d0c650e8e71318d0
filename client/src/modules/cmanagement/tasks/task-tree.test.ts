import { describe, expect, it } from 'vitest';
import { taskRow } from '../schedule/test-rows.ts';
import { canAddSubtask, taskTree } from './task-tree.ts';

describe('the tasks tab tree', () => {
  it('puts each task before its subtasks, by position, with its depth', () => {
    const rows = [
      taskRow({ id: 3, parent_id: 1, position: 1, name: 'b' }),
      taskRow({ id: 1, position: 1, name: 'A' }),
      taskRow({ id: 2, parent_id: 1, position: 0, name: 'a' }),
      taskRow({ id: 4, parent_id: 2, position: 0, name: 'a.1' }),
      taskRow({ id: 5, position: 0, name: 'Z' }),
    ];
    expect(taskTree(rows).map((l) => [l.row.name, l.depth, l.hasChildren])).toEqual([
      ['Z', 0, false],
      ['A', 0, true],
      ['a', 1, true],
      ['a.1', 2, false],
      ['b', 1, false],
    ]);
  });

  it('a subtask of a missing parent is not lost; the deepest level takes no subtask', () => {
    const lines = taskTree([taskRow({ id: 7, parent_id: 99 })]);
    expect(lines.map((l) => l.depth)).toEqual([0]);
    expect(canAddSubtask(lines[0])).toBe(true);
    expect(canAddSubtask({ ...lines[0], depth: 2 })).toBe(false);
  });
});
