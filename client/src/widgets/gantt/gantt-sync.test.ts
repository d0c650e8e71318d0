import { describe, expect, it } from 'vitest';
import { dayToDate, type GanttData, type GanttTaskItem } from './gantt-data.ts';
import { planSync, shapeOf, taskPatch } from './gantt-sync.ts';

const item = (id: number, over: Partial<GanttTaskItem> = {}): GanttTaskItem => ({
  id,
  text: `Actividad ${id}`,
  start_date: dayToDate('2026-12-01'),
  end_date: dayToDate('2026-12-05'),
  progress: 0.5,
  parent: 0,
  open: true,
  row: { id },
  ...over,
});
const data = (tasks: GanttTaskItem[], links: GanttData['links'] = []): GanttData => ({ data: tasks, links });
/** The chart's copies: what it parsed, looked up by id. */
const chartOf = (d: GanttData) => {
  const byId = new Map(d.data.map((t) => [t.id, { ...t }]));
  return (id: number | string) => byId.get(id);
};

describe('new data on a chart that shows some', () => {
  const shownData = data([item(1), item(2, { parent: 1 })], [{ id: 7, source: 1, target: 2, type: '0' }]);
  const shown = { shape: shapeOf(shownData), links: shownData.links };

  it('the first fill, or a row added, removed or moved to another parent, parses everything', () => {
    expect(planSync(null, shownData, chartOf(shownData)).kind).toBe('parse');
    expect(planSync(shown, data([...shownData.data, item(3)]), chartOf(shownData)).kind).toBe('parse');
    expect(planSync(shown, data([item(1)]), chartOf(shownData)).kind).toBe('parse');
    expect(planSync(shown, data([item(1), item(2, { parent: 0 })]), chartOf(shownData)).kind).toBe('parse');
  });

  it('the same tree updates only the tasks whose dates, progress, text or row changed', () => {
    const moved = item(2, { parent: 1, start_date: dayToDate('2026-12-03'), end_date: dayToDate('2026-12-07') });
    const same = item(1, { row: shownData.data[0].row });
    const next = data([same, moved], shownData.links);
    const chart = chartOf(shownData);
    const plan = planSync(shown, next, chart);
    expect(plan).toEqual({ kind: 'patch', tasks: [moved], addLinks: [], removeLinks: [] });
  });

  it('links added, removed or retyped are applied one by one', () => {
    const next = data(shownData.data, [
      { id: 7, source: 1, target: 2, type: '1' },
      { id: 8, source: 2, target: 1, type: '0' },
    ]);
    const plan = planSync(shown, next, chartOf(shownData));
    expect(plan).toEqual({
      kind: 'patch',
      tasks: [],
      addLinks: next.links,
      removeLinks: [7],
    });
    const without = planSync(shown, data(shownData.data, []), chartOf(shownData));
    expect(without).toMatchObject({ addLinks: [], removeLinks: [7] });
  });

  it('an update never writes the open state (the user’s expanded branches) nor the id or parent', () => {
    expect(Object.keys(taskPatch(item(1, { open: false })))).not.toContain('open');
    expect(taskPatch(item(1))).not.toHaveProperty('parent');
  });
});
