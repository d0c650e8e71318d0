import { CM_LINK_TYPES, type CmLinkType } from '#domain/cmanagement';
import type { CmSchedule, CmTaskRow } from '#domain/cmanagement-responses';
import type { CmTaskLinkInput, CmTaskUpdateInput } from '../api/tasks.ts';

/**
 * The adapter between the API's schedule (domain/cmanagement-responses.ts cmScheduleSchema) and dhtmlx-gantt's data,
 * both ways, kept pure so it is tested without the chart (gantt-data.test.ts). Our task dates are whole days with the
 * end day included; the chart's end is the instant after, so one day is added on the way in and taken on the way out.
 */

export type GanttTaskItem = {
  id: number | string;
  text: string;
  start_date: Date;
  end_date: Date;
  /** 0–1, as the chart draws it. */
  progress: number;
  parent: number | string;
  open: boolean;
  /** A ticket's row in the schedule: it groups that ticket's tasks and is not draggable. */
  type?: 'project';
  readonly?: boolean;
  row?: CmTaskRow;
};
export type GanttLinkItem = { id: number; source: number; target: number; type: string };
export type GanttData = { data: GanttTaskItem[]; links: GanttLinkItem[] };

const pad = (n: number) => String(n).padStart(2, '0');
/** '2026-12-01' → that day's local midnight (the chart works in local time). */
export const dayToDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
export const dateToDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const plusDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The ticket's group row id in the schedule: a string, never a task's number. */
export const ticketRowId = (ticketId: number) => `ticket-${ticketId}`;

/** dhtmlx link types are "0"–"3" in the order of CM_LINK_TYPES (finish→start, start→start, finish→finish, start→finish). */
export const linkTypeToGantt = (type: CmLinkType) => String(CM_LINK_TYPES.indexOf(type));
export const linkTypeFromGantt = (type: string): CmLinkType => CM_LINK_TYPES[Number(type)] ?? 'fs';

function taskItem(row: CmTaskRow, parent: number | string): GanttTaskItem {
  return {
    id: row.id,
    text: row.name,
    start_date: dayToDate(row.start_date),
    end_date: plusDays(dayToDate(row.end_date), 1),
    progress: row.progress / 100,
    parent,
    open: true,
    row,
  };
}

/**
 * Rows → chart data. A task whose parent is not in the answer (filtered out) stands at the top. With `groupByTicket`
 * (the schedule of many tickets) each ticket gets a row spanning its tasks, its tasks under it.
 */
export function toGanttData(schedule: CmSchedule, { groupByTicket = false } = {}): GanttData {
  const ids = new Set(schedule.tasks.map((t) => t.id));
  const data: GanttTaskItem[] = [];
  const groups = new Map<number, GanttTaskItem>();
  for (const row of schedule.tasks) {
    let top: number | string = 0;
    if (groupByTicket) {
      top = ticketRowId(row.ticket.id);
      const start = dayToDate(row.start_date);
      const end = plusDays(dayToDate(row.end_date), 1);
      const group = groups.get(row.ticket.id);
      if (!group) {
        const item: GanttTaskItem = {
          id: top,
          text: `${row.ticket.code} · ${row.ticket.title}`,
          start_date: start,
          end_date: end,
          progress: 0,
          parent: 0,
          open: true,
          type: 'project',
          readonly: true,
        };
        groups.set(row.ticket.id, item);
        data.push(item);
      } else {
        if (start < group.start_date) group.start_date = start;
        if (end > group.end_date) group.end_date = end;
      }
    }
    data.push(taskItem(row, row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : top));
  }
  const links = schedule.links
    .filter((l) => ids.has(l.source_id) && ids.has(l.target_id))
    .map((l) => ({ id: l.id, source: l.source_id, target: l.target_id, type: linkTypeToGantt(l.type) }));
  return { data, links };
}

export type DragMode = 'move' | 'resize' | 'progress';
export type TaskDates = Pick<GanttTaskItem, 'start_date' | 'end_date' | 'progress'>;

/** What a finished drag asks the server (PATCH tareas/{id}): the new days, or the new progress 0–100. */
export function dragBody(task: TaskDates, mode: DragMode): CmTaskUpdateInput {
  if (mode === 'progress') return { progress: Math.round(task.progress * 100) };
  // The chart's end is exclusive; a bar let go inside a day (week or month zoom) still covers that whole day.
  const end = task.end_date;
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0;
  const lastDay = midnight ? plusDays(end, -1) : end;
  const last = lastDay < task.start_date ? task.start_date : lastDay;
  return { start_date: dateToDay(task.start_date), end_date: dateToDay(last) };
}

/** A dependency drawn between two tasks (not a ticket's group row): the POST enlaces body, else null. */
export function linkBody(link: {
  source: number | string;
  target: number | string;
  type: string;
}): CmTaskLinkInput | null {
  if (typeof link.source !== 'number' || typeof link.target !== 'number' || link.source === link.target) return null;
  return { source_id: link.source, target_id: link.target, type: linkTypeFromGantt(link.type) };
}

/**
 * Sends a finished drag; a refusal (a 422 such as a subtask outside its parent's dates) puts the bar back where it
 * was and tells the user the server's reason. The chart's calls are passed in, so this runs without it.
 */
export async function commitDrag({
  task,
  mode,
  before,
  patch,
  restore,
  notify,
}: {
  task: TaskDates;
  mode: DragMode;
  before: TaskDates;
  patch: (body: CmTaskUpdateInput) => Promise<unknown>;
  restore: (dates: TaskDates) => void;
  notify: (message: string) => void;
}): Promise<boolean> {
  try {
    await patch(dragBody(task, mode));
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
