import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate, dragBody, linkBody, ticketRowId, toGanttData } from './gantt-data.ts';
import { taskRow } from './test-rows.ts';

const parent = taskRow({ id: 1 });
const child = taskRow({ id: 2, parent_id: 1, name: 'Sellar juntas', start_date: '2026-12-02', end_date: '2026-12-02' });
const other = taskRow({
  id: 3,
  ticket: { id: 41, code: 'CM-8', title: 'Grúa', project_id: 3 },
  start_date: '2026-11-20',
  end_date: '2026-12-10',
});

describe('rows → gantt data', () => {
  it('keeps the subtask tree, progress as 0–1 and the end day included (the chart ends the instant after)', () => {
    const { data, links } = toGanttData({
      tasks: [parent, child],
      links: [{ id: 9, source_id: 1, target_id: 2, type: 'ss' }],
    });
    expect(data.map((d) => [d.id, d.parent, d.progress])).toEqual([
      [1, 0, 0.25],
      [2, 1, 0.25],
    ]);
    expect(dateToDay(data[0].start_date)).toBe('2026-12-01');
    expect(dateToDay(data[0].end_date)).toBe('2026-12-04');
    expect(links).toEqual([{ id: 9, source: 1, target: 2, type: '1' }]);
  });

  it('a subtask whose parent was filtered out stands at the top; a link to a missing task is left out', () => {
    const { data, links } = toGanttData({ tasks: [child], links: [{ id: 9, source_id: 1, target_id: 2, type: 'fs' }] });
    expect(data[0].parent).toBe(0);
    expect(links).toEqual([]);
  });

  it('grouped by ticket: one read-only row per ticket spanning its tasks, its top tasks under it', () => {
    const { data } = toGanttData({ tasks: [parent, child, other], links: [] }, { groupByTicket: true });
    expect(data.map((d) => [d.id, d.parent])).toEqual([
      [ticketRowId(40), 0],
      [1, ticketRowId(40)],
      [2, 1],
      [ticketRowId(41), 0],
      [3, ticketRowId(41)],
    ]);
    const group = data[0];
    expect([group.type, group.readonly, group.text]).toEqual(['project', true, 'CM-7 · Filtración losa piso 3']);
    expect([dateToDay(group.start_date), dateToDay(group.end_date)]).toEqual(['2026-12-01', '2026-12-04']);
  });
});

describe('gantt events → request bodies', () => {
  const bar = { start_date: dayToDate('2026-12-05'), end_date: dayToDate('2026-12-08'), progress: 0.456 };

  it('a move or resize sends the days, the last one included; the progress handle sends 0–100', () => {
    expect(dragBody(bar, 'move')).toEqual({ start_date: '2026-12-05', end_date: '2026-12-07' });
    expect(dragBody(bar, 'resize')).toEqual({ start_date: '2026-12-05', end_date: '2026-12-07' });
    expect(dragBody(bar, 'progress')).toEqual({ progress: 46 });
  });

  it('a bar let go inside a day (week or month zoom) still covers whole days', () => {
    const midDay = { ...bar, start_date: new Date(2026, 11, 5, 15), end_date: new Date(2026, 11, 8, 9) };
    expect(dragBody(midDay, 'move')).toEqual({ start_date: '2026-12-05', end_date: '2026-12-08' });
  });

  it('a link drawn between tasks is the POST enlaces body; to a ticket row or to itself it is nothing', () => {
    expect(linkBody({ source: 1, target: 2, type: '0' })).toEqual({ source_id: 1, target_id: 2, type: 'fs' });
    expect(linkBody({ source: 1, target: 2, type: '3' })).toEqual({ source_id: 1, target_id: 2, type: 'sf' });
    expect(linkBody({ source: ticketRowId(40), target: 2, type: '0' })).toBeNull();
    expect(linkBody({ source: 2, target: 2, type: '0' })).toBeNull();
  });
});
