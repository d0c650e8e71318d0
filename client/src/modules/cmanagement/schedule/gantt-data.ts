import type { CmLinkType } from '#domain/cmanagement';
import type { CmSchedule, CmTaskRow } from '#domain/cmanagement-responses';
import {
  dateToDay,
  dayToDate,
  dragChange,
  drawnLink,
  endDayToDate,
  linkTypeToGantt as widgetLinkType,
  messageOf,
  type DragChange,
  type DragMode,
  type GanttData as WidgetData,
  type GanttTaskItem as WidgetTaskItem,
  type TaskDates,
} from '../../../widgets/gantt/gantt-data.ts';
import type { CmTaskLinkInput, CmTaskUpdateInput } from '../api/tasks.ts';

/**
 * The adapter between the API's schedule (domain/cmanagement-responses.ts cmScheduleSchema) and the shared Gantt's
 * data (widgets/gantt/gantt-data.ts), both ways, kept pure so it is tested without the chart (gantt-data.test.ts).
 */

export type GanttTaskItem = WidgetTaskItem<CmTaskRow>;
export type { GanttLinkItem } from '../../../widgets/gantt/gantt-data.ts';
export type GanttData = WidgetData<CmTaskRow>;
export { dateToDay, dayToDate, messageOf };

/** The ticket's group row id in the schedule: a string, never a task's number. */
export const ticketRowId = (ticketId: number) => `ticket-${ticketId}`;

/** CM_LINK_TYPES are the chart's four kinds in its order (fs, ss, ff, sf). */
export const linkTypeToGantt = (type: CmLinkType) => widgetLinkType(type);

function taskItem(row: CmTaskRow, parent: number | string): GanttTaskItem {
  return {
    id: row.id,
    text: row.name,
    start_date: dayToDate(row.start_date),
    end_date: endDayToDate(row.end_date),
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
      const end = endDayToDate(row.end_date);
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

/** A finished drag as the PATCH tareas/{id} body. */
export function taskUpdateOf(change: DragChange): CmTaskUpdateInput {
  return 'progress' in change ? { progress: change.progress } : { start_date: change.start, end_date: change.end };
}

/** What a finished drag asks the server: the new days, or the new progress 0–100. */
export const dragBody = (task: TaskDates, mode: DragMode): CmTaskUpdateInput => taskUpdateOf(dragChange(task, mode));

/** A dependency drawn between two tasks (not a ticket's group row): the POST enlaces body, else null. */
export const linkBody = (link: {
  source: number | string;
  target: number | string;
  type: string;
}): CmTaskLinkInput | null => drawnLink(link);
