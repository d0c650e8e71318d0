/**
 * `npm run bench -- cmanagement-gantt [--tasks 10000] [--runs 5]`
 *
 * Time to first render of the Cmanagement Gantt (client/src/modules/cmanagement/schedule/gantt-chart.tsx, the real
 * component with dhtmlx-gantt and its stylesheet) with 10,000 generated tasks in headless Chromium: the schedule is
 * handed to the page as the API would answer it (domain/cmanagement-responses.ts cmScheduleSchema), and the clock runs
 * from that moment (rows → chart data, React render, dhtmlx parse and layout) until the chart's rows and bars are
 * painted (two animation frames after they are in the DOM). Each run is a fresh page, since dhtmlx Community is one
 * instance per page (tests/bench/support/gantt-harness.ts). Prints p50/min/max over the runs and the page's JS heap after the render.
 */
import type { CmSchedule, CmTaskRow } from '#domain/cmanagement-responses';
import { REPO } from '../e2e/files-support.ts';
import { printGanttRuns, timeGanttRenders } from './support/gantt-harness.ts';

const argOf = (args: string[], name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

/**
 * `count` tasks over tickets of 100 tasks: 25 top tasks of 4 weeks, each with 3 subtasks inside it; a chain of links.
 * Planned from 40 days before today: the chart opens on today, and smart rendering draws only the bars in view.
 */
export function generatedSchedule(count: number): CmSchedule {
  const tasks: CmTaskRow[] = [];
  const links: CmSchedule['links'] = [];
  const now = new Date();
  const day = (offset: number) =>
    new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - 40 + offset)).toISOString().slice(0, 10);
  for (let id = 1; id <= count; id++) {
    const index = id - 1;
    const ticket = Math.floor(index / 100) + 1;
    const top = index % 4 === 0;
    const parentId = top ? null : id - (index % 4);
    const base = (ticket % 30) * 7 + Math.floor((index % 100) / 4) * 3;
    const start = top ? base : base + (index % 4) * 5;
    tasks.push({
      id,
      ticket: { id: ticket, code: `CM-${ticket}`, title: `Ticket ${ticket}`, project_id: 1 + (ticket % 5) },
      parent_id: parentId,
      name: top ? `Partida ${id}` : `Subtarea ${id}`,
      start_date: day(start),
      end_date: day(start + (top ? 27 : 4)),
      progress: (id * 7) % 101,
      state: id % 3 === 0 ? 'completada' : id % 3 === 1 ? 'en_curso' : 'pendiente',
      assignee: null,
      position: index % 4,
      allowed_events: [],
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    if (top && index % 100 !== 0) links.push({ id: links.length + 1, source_id: id - 4, target_id: id, type: 'fs' });
  }
  return { tasks, links };
}

const HARNESS = `
import GanttChart from '${REPO}/client/src/modules/cmanagement/schedule/gantt-chart.tsx';
import { toGanttData } from '${REPO}/client/src/modules/cmanagement/schedule/gantt-data.ts';

window.renderGantt = (schedule) => {
  const t0 = performance.now();
  const data = toGanttData(schedule, { groupByTicket: true });
  const adapted = performance.now() - t0;
  mount(
    <GanttChart data={data} zoom="week" readOnly={false} label="Gantt" onMove={() => Promise.resolve()}
      onLink={noop} onLinkDelete={noop} onOpen={noop} onRefused={noop} />,
  );
  return painted(t0, { adapted }, ['.gantt_row', '.gantt_task_line', '.gantt_task_link', '.gantt-today']);
};
`;

export async function run(args: string[]) {
  const count = argOf(args, 'tasks', 10_000);
  const runs = argOf(args, 'runs', 5);
  const schedule = generatedSchedule(count);
  const results = await timeGanttRenders({ name: 'cm-gantt-bench', source: HARNESS, payload: schedule, runs });
  printGanttRuns(
    `Cmanagement Gantt, ${count.toLocaleString('en')} tasks + ${schedule.links.length} links, ${runs} runs (Chromium headless, 1280×900)`,
    results,
    (r) => ` (adapter ${r.adapted.toFixed(0)} ms)`,
  );
}
