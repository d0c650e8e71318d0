/**
 * The pure half of the Gantt widget (gantt-chart.tsx): dhtmlx-gantt's task and link items, the day ↔ chart-date
 * conversions, what a finished drag asks the server, and the rollback of a refused drag. Kept free of the library
 * so it is tested without it (gantt-data.test.ts). Our dates are whole days with the end day included; the chart's
 * end is the instant after, so one day is added on the way in and taken on the way out.
 */

export type GanttTaskItem<Row = unknown> = {
  id: number | string;
  text: string;
  start_date: Date;
  end_date: Date;
  /** 0–1, as the chart draws it. */
  progress: number;
  parent: number | string;
  open: boolean;
  /** A row that only groups others (a ticket, an attribute's value): drawn as a summary, never dragged. */
  type?: 'project';
  readonly?: boolean;
  /** No dates to draw: the row stays in the grid without a bar. */
  unscheduled?: boolean;
  /** The API's row behind the item; absent on group rows. */
  row?: Row;
};
export type GanttLinkItem = { id: number; source: number | string; target: number | string; type: string };
export type GanttData<Row = unknown> = { data: GanttTaskItem<Row>[]; links: GanttLinkItem[] };

const pad = (n: number) => String(n).padStart(2, '0');
/** '2026-12-01' → that day's local midnight (the chart works in local time). */
export const dayToDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
export const dateToDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
export const plusDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** A row's last day (included) as the chart's end: the midnight after it. */
export const endDayToDate = (iso: string) => plusDays(dayToDate(iso), 1);

/** dhtmlx link types are "0"–"3": finish→start, start→start, finish→finish, start→finish. */
export const GANTT_LINK_TYPES = ['fs', 'ss', 'ff', 'sf'] as const;
export type GanttLinkType = (typeof GANTT_LINK_TYPES)[number];
export const linkTypeToGantt = (type: GanttLinkType) => String(GANTT_LINK_TYPES.indexOf(type));
export const linkTypeFromGantt = (type: string): GanttLinkType => GANTT_LINK_TYPES[Number(type)] ?? 'fs';

/** A dependency drawn between two rows of the API (not a group row, not a row to itself), else null. */
export function drawnLink(link: {
  source: number | string;
  target: number | string;
  type: string;
}): { source_id: number; target_id: number; type: GanttLinkType } | null {
  if (typeof link.source !== 'number' || typeof link.target !== 'number' || link.source === link.target) return null;
  return { source_id: link.source, target_id: link.target, type: linkTypeFromGantt(link.type) };
}

export type DragMode = 'move' | 'resize' | 'progress';
export type TaskDates = Pick<GanttTaskItem, 'start_date' | 'end_date' | 'progress'>;
/** A finished drag in the API's words: the new days (last one included) or the new progress 0–100. */
export type DragChange = { start: string; end: string } | { progress: number };

export function dragChange(task: TaskDates, mode: DragMode): DragChange {
  if (mode === 'progress') return { progress: Math.round(task.progress * 100) };
  // The chart's end is exclusive; a bar let go inside a day (week or month zoom) still covers that whole day.
  const end = task.end_date;
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0;
  const lastDay = midnight ? plusDays(end, -1) : end;
  const last = lastDay < task.start_date ? task.start_date : lastDay;
  return { start: dateToDay(task.start_date), end: dateToDay(last) };
}

/**
 * Sends a finished drag; a refusal (a 422 such as a subtask outside its parent's dates) puts the bar back where it
 * was and tells the user the server's reason. The chart's calls are passed in, so this runs without it.
 */
export async function commitDrag({
  before,
  patch,
  restore,
  notify,
}: {
  before: TaskDates;
  patch: () => Promise<unknown>;
  restore: (dates: TaskDates) => void;
  notify: (message: string) => void;
}): Promise<boolean> {
  try {
    await patch();
    return true;
  } catch (error) {
    restore(before);
    notify(messageOf(error));
    return false;
  }
}

/** The server's words: its per-field message (the date it refused) before its general one. */
export function messageOf(error: unknown): string {
  const e = error as { fields?: Record<string, string>; message?: string };
  const field = e?.fields ? Object.values(e.fields)[0] : undefined;
  return field ?? e?.message ?? '';
}
