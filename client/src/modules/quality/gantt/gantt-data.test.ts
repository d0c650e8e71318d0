import { describe, expect, it } from 'vitest';
import type { ActivityList, ActivityRow, QualityAttribute } from '#domain/quality-responses';
import { dateToDay, dayToDate } from '../../../widgets/gantt/gantt-data.ts';
import { activityUpdateOf, actualBar, groupRowId, toActivityGantt } from './gantt-data.ts';
import { ganttActivity } from '../test/activities.ts';

const row = ganttActivity;
const torre: QualityAttribute = {
  id: 5,
  name: 'Torre',
  position: 0,
  values: [
    { id: 51, name: 'Torre A', activity_count: 1 },
    { id: 52, name: 'Torre B', activity_count: 2 },
  ],
};
const list = (data: ActivityRow[], links: ActivityList['links'] = []): ActivityList => ({
  data,
  links,
  total: data.length,
});
const today = dayToDate('2026-12-05');

const top = row({ id: 1, values: { '5': 52 } });
const child = row({
  id: 2,
  parent_id: 1,
  code: '1.1',
  level: 2,
  description: 'Muros piso 1',
  estimated_start: '2026-12-02',
  estimated_end: '2026-12-04',
  values: { '5': 52 },
});
const otherTower = row({ id: 3, parent_id: 1, code: '1.2', level: 2, values: { '5': 51 }, progress: 100 });
const noDates = row({ id: 4, code: '2', estimated_start: null, estimated_end: null });

describe('activities → gantt data', () => {
  it('keeps the tree in the list’s order, planned days as bars (end day included), progress 0–1', () => {
    const { data, links } = toActivityGantt(
      list([top, child, noDates], [{ id: 9, source_id: 1, target_id: 2, type: 'ss' }]),
      null,
      today,
    );
    expect(data.map((d) => [d.id, d.parent, d.progress])).toEqual([
      [1, 0, 0.4],
      [2, 1, 0.4],
      [4, 0, 0.4],
    ]);
    expect([dateToDay(data[1].start_date), dateToDay(data[1].end_date)]).toEqual(['2026-12-02', '2026-12-05']);
    expect(links).toEqual([{ id: 9, source: 1, target: 2, type: '1' }]);
  });

  it('an activity without planned dates stays in the grid unscheduled; one whose parent is filtered out goes up', () => {
    const { data, links } = toActivityGantt(
      list([child, noDates], [{ id: 9, source_id: 1, target_id: 2, type: 'fs' }]),
      null,
      today,
    );
    expect(data[0].parent).toBe(0);
    expect(data[1]).toMatchObject({ unscheduled: true, start_date: today });
    expect(links).toEqual([]);
  });

  it('grouped by an attribute: one read-only row per value spanning its activities, those without a value last', () => {
    const { data } = toActivityGantt(
      list([top, child, otherTower, noDates]),
      { attribute: torre, noValueLabel: 'Sin valor' },
      today,
    );
    expect(data.map((d) => [d.id, d.parent])).toEqual([
      [groupRowId(51), 0],
      // Its parent is in Torre B: under Torre A it heads the group.
      [3, groupRowId(51)],
      [groupRowId(52), 0],
      [1, groupRowId(52)],
      [2, 1],
      [groupRowId(null), 0],
      [4, groupRowId(null)],
    ]);
    const b = data[2];
    expect([b.text, b.type, b.readonly, b.row]).toEqual(['Torre B', 'project', true, undefined]);
    expect([dateToDay(b.start_date), dateToDay(b.end_date)]).toEqual(['2026-12-01', '2026-12-11']);
    expect(data[0].progress).toBe(1);
  });
});

describe('the actual bar and the drag bodies', () => {
  it('actual dates draw the second bar; started and not finished runs to today; not started draws none', () => {
    const done = actualBar(row({ actual_start: '2026-12-02', actual_end: '2026-12-03' }), today)!;
    expect([dateToDay(done.start), dateToDay(done.end)]).toEqual(['2026-12-02', '2026-12-04']);
    const running = actualBar(row({ actual_start: '2026-12-02' }), today)!;
    expect(dateToDay(running.end)).toBe('2026-12-06');
    expect(actualBar(row({}), today)).toBeNull();
    expect(actualBar(undefined, today)).toBeNull();
  });

  it('a move or resize patches the estimated days; the progress handle patches the progress', () => {
    expect(activityUpdateOf({ start: '2026-12-03', end: '2026-12-09' })).toEqual({
      estimated_start: '2026-12-03',
      estimated_end: '2026-12-09',
    });
    expect(activityUpdateOf({ progress: 55 })).toEqual({ progress: 55 });
  });
});
