import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { gantt } from 'dhtmlx-gantt';
// The chart's styles travel in this lazy chunk only (client/src/app/routes.tsx: "the Gantt loads its library lazily").
import ganttCss from 'dhtmlx-gantt/codebase/dhtmlxgantt.css?inline';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { dayjs } from '../../../shared/dayjs.ts';
import { dateText } from '../../../widgets/date-text.ts';
import type { CmTaskLinkInput, CmTaskUpdateInput } from '../api/tasks.ts';
import {
  commitDrag,
  linkBody,
  type DragMode,
  type GanttData,
  type GanttTaskItem,
  type TaskDates,
} from './gantt-data.ts';
import { GANTT_ZOOMS, type GanttZoom } from './gantt-zoom.ts';

export type GanttChartProps = {
  data: GanttData;
  zoom: GanttZoom;
  readOnly: boolean;
  /** Accessible name of the chart region. */
  label: string;
  /** A finished drag's PATCH body; rejects with the server's error when refused (the bar goes back). */
  onMove: (row: CmTaskRow, body: CmTaskUpdateInput) => Promise<unknown>;
  onLink: (body: CmTaskLinkInput, source: CmTaskRow) => void;
  onLinkDelete: (linkId: number, source: CmTaskRow) => void;
  onOpen: (row: CmTaskRow) => void;
  onRefused: (message: string) => void;
};

/**
 * The stylesheet declares Inter from fonts.gstatic.com (../shared/STACK.md); Chromium fetches those faces as soon as
 * the sheet is in, so it is added without those @font-face rules and the chart uses the app's own font (FONT_VARIABLE).
 */
function addGanttStyles() {
  if (document.getElementById('dhtmlx-gantt-styles')) return;
  const style = document.createElement('style');
  style.id = 'dhtmlx-gantt-styles';
  style.textContent = withoutFontFaces(ganttCss);
  document.head.append(style);
}
/** Drops the faces fetched from elsewhere (Inter); its icon font, inlined as data, stays. */
const withoutFontFaces = (css: string) => css.replace(/@font-face\s*\{[^}]*url\(https?:[^}]*\}/g, '');

const TODAY_CLASS = 'cm-today';
const FONT_VARIABLE = '--dhx-gantt-font-family';
/** Under this width the grid shows only the names, and the timeline scrolls beside it. */
const NARROW = 600;

/**
 * dhtmlx-gantt in Community edition is one instance for the whole page (docs.dhtmlx.com "Peculiarities of Gantt
 * Instance": its destructor would leave it unusable until reload), so this component owns it while mounted: it
 * attaches its handlers, keeps their ids and detaches them, clears the data and the marker on unmount.
 */
export default function GanttChart(props: GanttChartProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const first = useRef(true);
  latest.current = props;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    addGanttStyles();
    const before = new Map<string | number, TaskDates>();
    const rowOf = (id: string | number) =>
      gantt.isTaskExists(id) ? (gantt.getTask(id) as GanttTaskItem).row : undefined;
    // The marker extension is not in the Community package: the today line is drawn into the timeline's data area.
    const drawToday = () => {
      const area = gantt.$task_data as HTMLElement | undefined;
      if (!area) return;
      let line = area.querySelector<HTMLElement>(`.${TODAY_CLASS}`);
      if (!line) {
        line = document.createElement('div');
        line.className = TODAY_CLASS;
        line.setAttribute('aria-hidden', 'true');
        area.appendChild(line);
      }
      line.title = `${t('cmanagement_ui.schedule.gantt.today')} · ${dayjs().format('LL')}`;
      line.style.left = `${gantt.posFromDate(new Date())}px`;
      line.style.height = `${Math.max(area.scrollHeight, area.clientHeight)}px`;
    };
    gantt.i18n.setLocale(i18n.language === 'pt-BR' ? 'pt' : 'es');
    Object.assign(gantt.config, {
      details_on_dblclick: false,
      show_errors: false,
      duration_unit: 'day',
      row_height: 34,
      bar_height: 22,
      open_tree_initially: true,
      drag_links: true,
      drag_progress: true,
      order_branch: false,
    });
    const narrow = el.clientWidth < NARROW;
    gantt.config.grid_width = narrow ? 150 : 440;
    gantt.config.columns = [
      { name: 'text', label: t('cmanagement_ui.schedule.gantt.name'), tree: true, width: '*', min_width: 140 },
      ...(narrow
        ? []
        : [
            {
              name: 'start',
              label: t('cmanagement_ui.schedule.gantt.start'),
              align: 'center' as const,
              width: 104,
              template: (task: GanttTaskItem) => (task.row ? dateText(task.row.start_date, i18n.language) : ''),
            },
            {
              name: 'end',
              label: t('cmanagement_ui.schedule.gantt.end'),
              align: 'center' as const,
              width: 104,
              template: (task: GanttTaskItem) => (task.row ? dateText(task.row.end_date, i18n.language) : ''),
            },
          ]),
    ];
    gantt.templates.task_class = (_s, _e, task: GanttTaskItem) =>
      task.type === 'project' ? 'cm-ticket-row' : `cm-task-${task.row?.state ?? ''}`;
    gantt.templates.tooltip_text = () => '';
    const events = [
      gantt.attachEvent('onGanttRender', drawToday),
      gantt.attachEvent('onDataRender', drawToday),
      gantt.attachEvent('onBeforeTaskDrag', (id: string | number) => {
        const task = gantt.getTask(id) as GanttTaskItem;
        if (latest.current.readOnly || !task.row) return false;
        before.set(id, { start_date: task.start_date, end_date: task.end_date, progress: task.progress });
        return true;
      }),
      gantt.attachEvent('onAfterTaskDrag', (id: string | number, mode: string) => {
        const task = gantt.getTask(id) as GanttTaskItem;
        const snapshot = before.get(id);
        before.delete(id);
        if (!task.row || !snapshot) return;
        const row = task.row;
        void commitDrag({
          task,
          mode: mode as DragMode,
          before: snapshot,
          patch: (body) => latest.current.onMove(row, body),
          restore: (dates) => {
            if (!gantt.isTaskExists(id)) return;
            Object.assign(gantt.getTask(id), dates);
            gantt.updateTask(id);
          },
          notify: (message) => latest.current.onRefused(message),
        });
      }),
      gantt.attachEvent(
        'onBeforeLinkAdd',
        (_id: string | number, link: { source: number | string; target: number | string; type: string }) => {
          const body = linkBody(link);
          const source = rowOf(link.source);
          if (body && source && !latest.current.readOnly) latest.current.onLink(body, source);
          // The link is drawn when the server has it (the schedule is asked again).
          return false;
        },
      ),
      gantt.attachEvent('onLinkDblClick', (id: string | number) => {
        const source = rowOf(gantt.getLink(id).source);
        if (source && !latest.current.readOnly) latest.current.onLinkDelete(Number(id), source);
        return false;
      }),
      gantt.attachEvent('onTaskDblClick', (id: string | number) => {
        const row = rowOf(id);
        if (row) latest.current.onOpen(row);
        return false;
      }),
      gantt.attachEvent('onTaskRowClick', (id: string | number) => {
        const row = rowOf(id);
        if (row) latest.current.onOpen(row);
      }),
    ];
    // The library's stylesheet names Inter from a CDN (../shared/STACK.md) in a variable on :root, which its elements
    // outside this box read too (the drag marker on <body>): the app's own font is set there while the chart lives.
    const rootStyle = document.documentElement.style;
    rootStyle.setProperty(FONT_VARIABLE, getComputedStyle(document.body).fontFamily);
    gantt.init(el);
    return () => {
      rootStyle.removeProperty(FONT_VARIABLE);
      for (const id of events) gantt.detachEvent(id);
      gantt.clearAll();
      el.replaceChildren();
    };
    // The instance is set up once per mount; texts and data follow in the effects below.
  }, []);

  useEffect(() => {
    const level = GANTT_ZOOMS[props.zoom];
    gantt.config.scales = level.scales.map((s) => ({
      unit: s.unit,
      step: 1,
      format: (date: Date) => dayjs(date).format(s.format),
    })) as unknown as typeof gantt.config.scales;
    gantt.config.min_column_width = level.columnWidth;
    gantt.config.readonly = props.readOnly;
    gantt.render();
  }, [props.zoom, props.readOnly]);

  // New rows (a write here, a live event from someone else): the chart is refilled where the user was looking.
  useEffect(() => {
    const scroll = gantt.getScrollState();
    gantt.clearAll();
    gantt.parse(props.data);
    // The first fill opens on today; later ones keep the user's place.
    if (first.current) gantt.showDate(new Date());
    else gantt.scrollTo(scroll.x, scroll.y);
    first.current = false;
  }, [props.data]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={props.label}
      data-testid="cm-gantt"
      w="full"
      h={{ base: '60dvh', md: 'calc(100dvh - 320px)' }}
      minH="360px"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      css={{
        '& .cm-ticket-row': { opacity: 0.55 },
        '& .cm-task-completada .gantt_task_progress': { background: 'var(--chakra-colors-green-500)' },
        [`& .${TODAY_CLASS}`]: {
          position: 'absolute',
          top: 0,
          width: '2px',
          marginLeft: '-1px',
          background: 'var(--chakra-colors-red-500)',
          pointerEvents: 'none',
          zIndex: 2,
        },
      }}
    />
  );
}
