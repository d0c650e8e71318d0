/**
 * `npm run bench -- quality-gantt [--activities 10000] [--runs 5] [--grouped 1]`
 *
 * Time to first render of the Quality Gantt (client/src/modules/quality/gantt/activity-gantt-chart.tsx, the real
 * component on the shared dhtmlx-gantt widget, with its second bar of actual dates and its today line) with
 * 10,000 generated activities in headless Chromium. The activities are handed to the page as GET
 * calidad/actividades answers them (domain/quality-responses.ts activityListSchema) and the clock runs from that
 * moment (rows → chart data, React render, dhtmlx parse and layout) until rows and bars are painted; the harness
 * and the runs are tests/bench/support/gantt-harness.ts, shared with cmanagement-gantt.ts. `--grouped 1` groups the
 * rows by an attribute (the page's "Agrupar por"). Prints p50/min/max over the runs and the JS heap after render.
 */
import type { ActivityList, ActivityRow, QualityAttribute } from '#domain/quality-responses';
import { REPO } from '../e2e/files-support.ts';
import { parseIntOptions } from '../load/stats.ts';
import { printGanttRuns, timeGanttRenders } from './support/gantt-harness.ts';

/** The attribute the grouped run groups by: four towers. */
export const TOWERS: QualityAttribute = {
  id: 1,
  name: 'Torre',
  position: 0,
  values: ['Torre A', 'Torre B', 'Torre C', 'Torre D'].map((name, i) => ({ id: i + 1, name, activity_count: 0 })),
};

/**
 * `count` activities in chapters of 100: a chapter (level 1), 9 items under it (level 2), 10 activities under each
 * (level 3), planned from 40 days before today, half of them started (actual dates), each chapter in a tower; the activities of an
 * item are chained by finish→start dependencies.
 */
export function generatedActivities(count: number): ActivityList {
  const data: ActivityRow[] = [];
  const links: ActivityList['links'] = [];
  // Around today: the chart opens on today, and smart rendering draws only the bars in view.
  const now = new Date();
  const day = (offset: number) =>
    new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - 40 + offset)).toISOString().slice(0, 10);
  let chapter = 0;
  let item = 0;
  for (let id = 1; id <= count; id++) {
    const index = (id - 1) % 100;
    const level = index === 0 ? 1 : (index - 1) % 11 === 0 ? 2 : 3;
    if (level === 1) chapter = id;
    if (level === 2) item = id;
    const base = ((Math.floor((id - 1) / 100) * 11) % 300) + (level === 1 ? 0 : Math.floor((index - 1) / 11) * 6);
    const start = level === 3 ? base + ((index - 1) % 11) * 2 : base;
    const length = level === 1 ? 60 : level === 2 ? 22 : 3;
    const started = id % 2 === 0;
    data.push({
      id,
      project_id: 1,
      parent_id: level === 1 ? null : level === 2 ? chapter : item,
      code:
        level === 1 ? `${chapter}` : level === 2 ? `${chapter}.${(index - 1) / 11 + 1}` : `${item}.${(index - 1) % 11}`,
      level,
      position: index,
      description: level === 1 ? `Capítulo ${id}` : level === 2 ? `Partida ${id}` : `Actividad ${id}`,
      estimated_start: day(start),
      estimated_end: day(start + length),
      actual_start: started ? day(start + 1) : null,
      actual_end: started && id % 4 === 0 ? day(start + length + 2) : null,
      progress: (id * 7) % 101,
      estimated_cost: 1000 * level,
      actual_cost: null,
      currency: 'CLP',
      values: { [String(TOWERS.id)]: (Math.floor((id - 1) / 100) % 4) + 1 },
      element_count: 0,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    if (level === 3 && (index - 1) % 11 > 1)
      links.push({ id: links.length + 1, source_id: id - 1, target_id: id, type: 'fs' });
  }
  return { data, links, total: data.length };
}

const HARNESS = `
import ActivityGanttChart from '${REPO}/client/src/modules/quality/gantt/activity-gantt-chart.tsx';
import { toActivityGantt } from '${REPO}/client/src/modules/quality/gantt/gantt-data.ts';
import { ZOOM_PRESETS, zoomScale } from '${REPO}/client/src/widgets/gantt/gantt-zoom.ts';

window.renderGantt = ({ list, groupBy }) => {
  const t0 = performance.now();
  const data = toActivityGantt(list, groupBy);
  const adapted = performance.now() - t0;
  mount(
    <ActivityGanttChart data={data} scale={zoomScale(ZOOM_PRESETS.week).scale} readOnly={false}
      onDrag={() => Promise.resolve()} onLink={noop} onLinkDelete={noop} onRefused={noop} />,
  );
  // Painted: rows, planned bars, actual bars and the today line (the dependencies are drawn in the same pass; none
  // is in view where the chart opens, on today).
  return painted(t0, { adapted, actualBars: 0 },
    ['.gantt_row', '.gantt_task_line', '.gantt-second-bar', '.gantt-today']).then((r) => ({
    ...r,
    actualBars: document.querySelectorAll('.gantt-second-bar').length,
  }));
};
`;

export async function run(args: string[]) {
  const opts = parseIntOptions(args, { activities: 10_000, runs: 5, grouped: 0 });
  const list = generatedActivities(opts.activities);
  const groupBy = opts.grouped ? { attribute: TOWERS, noValueLabel: 'Sin valor' } : null;
  const results = await timeGanttRenders({
    name: 'quality-gantt-bench',
    source: HARNESS,
    payload: { list, groupBy },
    runs: opts.runs,
  });
  printGanttRuns(
    `Quality Gantt, ${opts.activities.toLocaleString('en')} activities + ${list.links.length} links` +
      `${groupBy ? ', grouped by tower' : ''}, ${opts.runs} runs (Chromium headless, 1280×900)`,
    results,
    (r) => ` (adapter ${r.adapted.toFixed(0)} ms, ${r.actualBars} actual bars)`,
  );
  // Smart rendering draws the second bars of the rows in view only (widgets/gantt/gantt-chart.tsx, its layer's view).
  const offscreen = results.filter((r) => r.actualBars > r.rows);
  if (offscreen.length)
    console.log(`  warning: ${offscreen[0].actualBars} actual bars for ${offscreen[0].rows} rows: drawn out of view`);
}
