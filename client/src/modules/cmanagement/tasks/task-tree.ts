import { CM_TASK_DEPTH_MAX } from '#domain/cmanagement';
import type { CmTaskRow } from '#domain/cmanagement-responses';

export type TaskTreeLine = { row: CmTaskRow; depth: number; hasChildren: boolean };

/**
 * A ticket's tasks in reading order: each task followed by its subtasks (by position, then start date), with its
 * depth for the indent. A task whose parent is missing stands at the top, so no row is ever lost.
 */
export function taskTree(rows: readonly CmTaskRow[]): TaskTreeLine[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, CmTaskRow[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const order = (a: CmTaskRow, b: CmTaskRow) =>
    a.position - b.position || a.start_date.localeCompare(b.start_date) || a.id - b.id;
  const out: TaskTreeLine[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of (children.get(parent) ?? []).sort(order)) {
      const kids = children.get(row.id);
      out.push({ row, depth, hasChildren: Boolean(kids?.length) });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A subtask may be added under a task while the tree stays within CM_TASK_DEPTH_MAX levels. */
export const canAddSubtask = (line: TaskTreeLine) => line.depth + 1 < CM_TASK_DEPTH_MAX;
