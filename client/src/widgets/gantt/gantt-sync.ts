import type { GanttData, GanttLinkItem, GanttTaskItem } from './gantt-data.ts';

/**
 * How new data reaches a chart that already shows some (a write answered, someone else's change arriving live):
 * when the rows are the same ones in the same tree, only the tasks that differ are updated in place and links are
 * added or removed one by one, so the user keeps the scroll, the zoom and the branches they opened or closed;
 * a row added, removed or moved to another parent makes the chart parse everything again. Pure, so it is tested
 * without dhtmlx (gantt-sync.test.ts); gantt-chart.tsx applies the plan.
 */

/** The tree as a value: ids in order with their parents. */
export const shapeOf = (data: GanttData) => data.data.map((d) => `${d.id}>${d.parent}`).join('|');

const FIELDS = ['text', 'progress', 'row', 'readonly', 'unscheduled', 'type'] as const;
const time = (d: Date | undefined) => (d ? d.getTime() : NaN);

/** Whether the chart's copy of a task shows something other than `next`. */
export function taskDiffers(shown: Partial<GanttTaskItem>, next: GanttTaskItem): boolean {
  if (time(shown.start_date) !== time(next.start_date) || time(shown.end_date) !== time(next.end_date)) return true;
  return FIELDS.some((f) => (shown[f] ?? undefined) !== (next[f] ?? undefined));
}

export type SyncPlan =
  { kind: 'parse' } | { kind: 'patch'; tasks: GanttTaskItem[]; addLinks: GanttLinkItem[]; removeLinks: number[] };

export function planSync(
  shown: { shape: string; links: readonly GanttLinkItem[] } | null,
  next: GanttData,
  shownTask: (id: number | string) => Partial<GanttTaskItem> | undefined,
): SyncPlan {
  if (!shown || shown.shape !== shapeOf(next)) return { kind: 'parse' };
  const tasks: GanttTaskItem[] = [];
  for (const item of next.data) {
    const current = shownTask(item.id);
    if (!current) return { kind: 'parse' };
    if (taskDiffers(current, item)) tasks.push(item);
  }
  const linkKey = (l: GanttLinkItem) => `${l.source}>${l.target}:${l.type}`;
  const before = new Map(shown.links.map((l) => [l.id, linkKey(l)]));
  const after = new Map(next.links.map((l) => [l.id, l]));
  const removeLinks = [...before].filter(([id, key]) => after.get(id) === undefined || linkKey(after.get(id)!) !== key);
  const addLinks = next.links.filter((l) => before.get(l.id) !== linkKey(l));
  return { kind: 'patch', tasks, addLinks, removeLinks: removeLinks.map(([id]) => id) };
}

/** The fields an update writes onto the chart's task: never `open` (the user's expanded branches stay). */
export function taskPatch(item: GanttTaskItem): Partial<GanttTaskItem> {
  const { open: _open, parent: _parent, id: _id, ...rest } = item;
  return rest;
}
