import type { CmTaskRow } from '#domain/cmanagement-responses';
import { dayToDate } from './gantt-data.ts';

export type TaskEvent = { id: number; title: string; start: Date; end: Date; allDay: true; resource: CmTaskRow };

/** A task as a whole-day calendar event: from its start day through its end day (the calendar's end is exclusive). */
export function taskEvents(rows: readonly CmTaskRow[]): TaskEvent[] {
  return rows.map((row) => {
    const end = dayToDate(row.end_date);
    return {
      id: row.id,
      title: `${row.ticket.code} · ${row.name}`,
      start: dayToDate(row.start_date),
      end: new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1),
      allDay: true,
      resource: row,
    };
  });
}
