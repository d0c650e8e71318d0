import type { ActivityList, ActivityRow, QualityAttribute } from '#domain/quality-responses';
import {
  dayToDate,
  endDayToDate,
  linkTypeToGantt,
  plusDays,
  type DragChange,
  type GanttData,
  type GanttTaskItem,
} from '../../../widgets/gantt/gantt-data.ts';
import type { ActivityUpdateBody } from '../api/activities.ts';

/**
 * The adapter between the activities (domain/quality-responses.ts activityListSchema) and the shared Gantt
 * (widgets/gantt/gantt-data.ts), kept pure so it is tested without the chart (gantt-data.test.ts). Bars are the
 * estimated (planned) dates; the actual ones are the thinner second bar (actualBar).
 */
export type ActivityTask = GanttTaskItem<ActivityRow>;
export type ActivityGantt = GanttData<ActivityRow>;

/** A group row's id: a string, never an activity's number (so nothing can be dragged onto it or linked). */
export const groupRowId = (valueId: number | null) => `group-${valueId ?? 'none'}`;

export type GroupBy = { attribute: QualityAttribute; noValueLabel: string } | null;

function activityTask(row: ActivityRow, parent: number | string, today: Date): ActivityTask {
  const start = row.estimated_start ?? row.estimated_end;
  const end = row.estimated_end ?? row.estimated_start;
  return {
    id: row.id,
    text: row.description,
    // Without planned dates the row stays in the grid with no bar (the chart still wants dates to place it).
    start_date: start ? dayToDate(start) : today,
    end_date: end ? endDayToDate(end) : plusDays(today, 1),
    progress: row.progress / 100,
    parent,
    open: true,
    ...(start ? {} : { unscheduled: true }),
    row,
  };
}

/**
 * Activities → chart data, in the list's order (position among siblings). An activity whose parent is not in the
 * answer (filtered out) stands at the top. With `groupBy` an attribute, each of its values gets a read-only row
 * spanning its activities (and one for those without a value, last); an activity stays under its parent when the
 * parent is in the same group, else it heads its group (dhtmlx's own groupBy is in the PRO edition only).
 */
export function toActivityGantt(list: ActivityList, groupBy: GroupBy = null, today = startOfToday()): ActivityGantt {
  const ids = new Set(list.data.map((r) => r.id));
  const tasks: ActivityTask[] = [];
  const links = list.links
    .filter((l) => ids.has(l.source_id) && ids.has(l.target_id))
    .map((l) => ({ id: l.id, source: l.source_id, target: l.target_id, type: linkTypeToGantt(l.type) }));
  if (!groupBy) {
    for (const row of list.data)
      tasks.push(activityTask(row, row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : 0, today));
    return { data: tasks, links };
  }
  const key = String(groupBy.attribute.id);
  const valueOf = (row: ActivityRow) => row.values[key] ?? null;
  const valueIds = new Set(groupBy.attribute.values.map((v) => v.id));
  const groupOf = (row: ActivityRow) => {
    const value = valueOf(row);
    return value !== null && valueIds.has(value) ? value : null;
  };
  const rowsById = new Map(list.data.map((r) => [r.id, r]));
  const members = new Map<number | null, ActivityTask[]>();
  for (const row of list.data) {
    const group = groupOf(row);
    const parent = row.parent_id !== null ? rowsById.get(row.parent_id) : undefined;
    const sameGroup = parent !== undefined && groupOf(parent) === group;
    const task = activityTask(row, sameGroup ? row.parent_id! : groupRowId(group), today);
    if (!members.has(group)) members.set(group, []);
    members.get(group)!.push(task);
  }
  const order: { id: number | null; name: string }[] = [
    ...groupBy.attribute.values.map((v) => ({ id: v.id, name: v.name })),
    { id: null, name: groupBy.noValueLabel },
  ];
  const data: ActivityTask[] = [];
  for (const value of order) {
    const inside = members.get(value.id);
    if (!inside?.length) continue;
    const dated = inside.filter((t) => !t.unscheduled);
    const span = dated.length ? dated : inside;
    data.push({
      id: groupRowId(value.id),
      text: value.name,
      start_date: new Date(Math.min(...span.map((t) => t.start_date.getTime()))),
      end_date: new Date(Math.max(...span.map((t) => t.end_date.getTime()))),
      progress: inside.reduce((sum, t) => sum + t.progress, 0) / inside.length,
      parent: 0,
      open: true,
      type: 'project',
      readonly: true,
    });
    data.push(...inside);
  }
  return { data, links };
}

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/**
 * The second, thinner bar: the actual dates; one started and not finished runs to today. None when the activity
 * has not started.
 */
export function actualBar(row: ActivityRow | undefined, today = startOfToday()): { start: Date; end: Date } | null {
  if (!row?.actual_start) return null;
  const start = dayToDate(row.actual_start);
  const end = row.actual_end ? endDayToDate(row.actual_end) : plusDays(today, 1);
  return { start, end: end > start ? end : plusDays(start, 1) };
}

/** A finished drag as the PATCH actividades/{id} body: the planned days, or the progress. */
export function activityUpdateOf(change: DragChange): ActivityUpdateBody {
  return 'progress' in change
    ? { progress: change.progress }
    : { estimated_start: change.start, estimated_end: change.end };
}
