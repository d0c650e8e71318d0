import type { ReceptionState } from '#domain/verifications';
import type { ReceptionRow } from '#domain/verifications-responses';
import {
  dayToDate,
  endDayToDate,
  plusDays,
  type GanttData,
  type GanttTaskItem,
} from '../../../widgets/gantt/gantt-data.ts';

/**
 * The adapter between the project's receptions (domain/verifications-responses.ts receptionListSchema) and the shared
 * Gantt (widgets/gantt/gantt-data.ts), kept pure so it is tested without the chart (gantt-data.test.ts). Each bar is a
 * reception's planned days, its progress the checkpoints answered; "done" (started → signed) is the thinner second
 * bar (doneBar). Receptions are grouped by work package, one read-only summary row per package.
 */
export type ReceptionTask = GanttTaskItem<ReceptionRow>;
export type ReceptionGantt = GanttData<ReceptionRow>;

/** A group row's id: a string, never a reception's number. */
export const groupRowId = (workPackage: string | null) => `wp:${workPackage ?? ''}`;

/** 0–1: checkpoints answered of those copied; a signed reception is done, one not started has none. */
export function progressOf(row: Pick<ReceptionRow, 'state' | 'checkpoint_count' | 'answered_count'>): number {
  if (row.state === 'aprobada' || row.state === 'observada') return 1;
  if (!row.checkpoint_count) return 0;
  return Math.min(1, row.answered_count / row.checkpoint_count);
}

/** The bar's CSS class: its state's colour (the chart's css maps each class, reception-gantt-chart.tsx). */
export const stateClass = (state: ReceptionState) => `vr-state-${state}`;
export const GROUP_CLASS = 'vr-group';

const byPlan = (a: ReceptionRow, b: ReceptionRow) =>
  a.planned_start.localeCompare(b.planned_start) || a.code.localeCompare(b.code, 'es', { numeric: true });

function receptionTask(row: ReceptionRow, parent: string): ReceptionTask {
  const end = row.planned_end < row.planned_start ? row.planned_start : row.planned_end;
  return {
    id: row.id,
    text: row.name,
    start_date: dayToDate(row.planned_start),
    end_date: endDayToDate(end),
    progress: progressOf(row),
    parent,
    open: true,
    readonly: true,
    row,
  };
}

/**
 * Receptions → chart data: one summary row per work package (alphabetical, those without one last, labelled
 * `noPackageLabel`) spanning its receptions, each reception under it by planned start, then code.
 */
export function toReceptionGantt(rows: readonly ReceptionRow[], noPackageLabel: string): ReceptionGantt {
  const groups = new Map<string | null, ReceptionRow[]>();
  for (const row of rows) {
    const key = row.work_package?.trim() || null;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  const order = [...groups.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'es', { sensitivity: 'base' }),
  );
  const data: ReceptionTask[] = [];
  for (const key of order) {
    const members = [...groups.get(key)!].sort(byPlan);
    const id = groupRowId(key);
    const tasks = members.map((r) => receptionTask(r, id));
    data.push({
      id,
      text: key ?? noPackageLabel,
      start_date: new Date(Math.min(...tasks.map((t) => t.start_date.getTime()))),
      end_date: new Date(Math.max(...tasks.map((t) => t.end_date.getTime()))),
      progress: tasks.reduce((sum, t) => sum + t.progress, 0) / tasks.length,
      parent: 0,
      open: true,
      type: 'project',
      readonly: true,
    });
    data.push(...tasks);
  }
  return { data, links: [] };
}

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/**
 * "Done": from the day the inspection started to the day it was signed (both included); one still in inspection runs
 * to today. None before it starts, nor for a cancelled reception.
 */
export function doneBar(
  row: Pick<ReceptionRow, 'state' | 'started_on' | 'signed_on'> | undefined,
  today = startOfToday(),
): { start: Date; end: Date } | null {
  if (!row?.started_on || row.state === 'anulada') return null;
  const start = dayToDate(row.started_on);
  const end = row.signed_on ? endDayToDate(row.signed_on) : plusDays(today, 1);
  return { start, end: end > start ? end : plusDays(start, 1) };
}

export type ReceptionFilter = { state: ReceptionState | ''; workPackage: string; q: string };
export const NO_FILTER: ReceptionFilter = { state: '', workPackage: '', q: '' };

/** The list's work packages, for the filter (alphabetical). */
export const workPackagesOf = (rows: readonly ReceptionRow[]) =>
  [...new Set(rows.map((r) => r.work_package?.trim()).filter((w): w is string => Boolean(w)))].sort((a, b) =>
    a.localeCompare(b, 'es', { sensitivity: 'base' }),
  );

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The rows the filter keeps: the state, the work package, and the text in the code, name, location or contractor. */
export function filterReceptions(rows: readonly ReceptionRow[], filter: ReceptionFilter): ReceptionRow[] {
  const q = fold(filter.q.trim());
  return rows.filter(
    (r) =>
      (!filter.state || r.state === filter.state) &&
      (!filter.workPackage || (r.work_package?.trim() ?? '') === filter.workPackage) &&
      (!q || [r.code, r.name, r.location ?? '', r.contractor ?? ''].some((f) => fold(f).includes(q))),
  );
}
