import { useEffect, useRef } from 'react';
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { gantt } from 'dhtmlx-gantt';
// The chart's styles travel in the lazy chunk of whoever shows a Gantt (client/src/app/routes.tsx: "the Gantt loads
// its library lazily"); import this file only through React.lazy.
import ganttCss from 'dhtmlx-gantt/codebase/dhtmlxgantt.css?inline';
import { dayjs } from '../../shared/dayjs.ts';
import {
  commitDrag,
  dragChange,
  drawnLink,
  type DragChange,
  type DragMode,
  type GanttData,
  type GanttLinkType,
  type GanttTaskItem,
  type TaskDates,
} from './gantt-data.ts';
import { planSync, shapeOf, taskPatch } from './gantt-sync.ts';
import type { GanttScale } from './gantt-zoom.ts';

export type GanttColumn<Row> = {
  name: string;
  label: string;
  tree?: boolean;
  width: number | '*';
  min_width?: number;
  align?: 'left' | 'center' | 'right';
  template?: (task: GanttTaskItem<Row>) => string;
};

/**
 * A second, thinner bar under a task's own (the actual dates under the planned ones), or null for none. Asked for
 * every task when smart rendering decides what is on screen: keep it cheap; its tooltip is asked only when drawn.
 */
export type GanttSecondBar<Row> = {
  dates: (task: GanttTaskItem<Row>) => { start: Date; end: Date } | null;
  title?: (task: GanttTaskItem<Row>) => string;
};

export type GanttChartProps<Row> = {
  data: GanttData<Row>;
  scale: GanttScale;
  readOnly: boolean;
  /** Accessible name of the chart region. */
  label: string;
  /** The today line's tooltip ("Hoy"). */
  todayLabel: string;
  /** The grid's columns; `narrow` under NARROW px (a phone), where only the tree column should stay. */
  columns: (narrow: boolean) => GanttColumn<Row>[];
  gridWidth?: { wide: number; narrow: number };
  rowHeight?: number;
  barHeight?: number;
  /** CSS class of a task's bar. */
  taskClass?: (task: GanttTaskItem<Row>) => string;
  secondBar?: GanttSecondBar<Row>;
  /** A finished drag of a row's bar; rejects with the server's error when refused (the bar goes back). */
  onDrag: (row: Row, change: DragChange) => Promise<unknown>;
  onLink: (body: { source_id: number; target_id: number; type: GanttLinkType }, source: Row) => void;
  onLinkDelete: (linkId: number, source: Row) => void;
  /** A row clicked in the grid, or its bar double-clicked. */
  onOpen?: (row: Row) => void;
  onRefused: (message: string) => void;
  testId: string;
  css?: SystemStyleObject;
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
export const withoutFontFaces = (css: string) => css.replace(/@font-face\s*\{[^}]*url\(https?:[^}]*\}/g, '');

const TODAY_CLASS = 'gantt-today';
const SECOND_BAR_CLASS = 'gantt-second-bar';
const FONT_VARIABLE = '--dhx-gantt-font-family';
/** Under this width the grid shows only the tree column, and the timeline scrolls beside it. */
export const NARROW = 600;

/** The timeline's task layers (the service gantt.addTaskLayer forwards to in the editions that have it). */
type TaskDataRender = {
  addLayer: (config: { renderer: Record<string, unknown>; view?: string }) => string | number;
  removeLayer: (id: string | number) => void;
};
const taskDataRender = () =>
  (
    gantt.$services as unknown as {
      getService: (name: string) => { getDataRender: (n: string) => TaskDataRender | null };
    }
  )
    .getService('layers')
    .getDataRender('task');

type VisibleRangeArgs = [
  unknown,
  { getItemIndexByTopPosition: (y: number) => number },
  unknown,
  { count: () => number },
  { y: number; y_end: number },
];

const localeOf = (language: string) => (language === 'pt-BR' ? 'pt' : 'es');

/**
 * dhtmlx-gantt (Community edition) as a React component, shared by Cmanagement's schedule and Quality's Gantt.
 * The Community edition is one instance for the whole page (docs.dhtmlx.com "Peculiarities of Gantt Instance": its
 * destructor would leave it unusable until reload), so this component owns it while mounted: it attaches its
 * handlers and layers, keeps their ids and detaches them, clears the data and the today line on unmount.
 * New data is applied in place when the tree is the same (gantt-sync.ts), else parsed again where the user was.
 */
export default function GanttChart<Row>(props: GanttChartProps<Row>) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const shown = useRef<{ shape: string; links: GanttData['links'] } | null>(null);
  /** Links the component itself adds while syncing pass onBeforeLinkAdd; links the user draws wait for the server. */
  const syncing = useRef(false);
  latest.current = props;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    addGanttStyles();
    const before = new Map<string | number, TaskDates>();
    const rowOf = (id: string | number) =>
      gantt.isTaskExists(id) ? (gantt.getTask(id) as GanttTaskItem<Row>).row : undefined;
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
      line.title = `${latest.current.todayLabel} · ${dayjs().format('LL')}`;
      line.style.left = `${gantt.posFromDate(new Date())}px`;
      line.style.height = `${Math.max(area.scrollHeight, area.clientHeight)}px`;
    };
    gantt.i18n.setLocale(localeOf(i18n.language));
    const rowHeight = props.rowHeight ?? 34;
    const barHeight = props.barHeight ?? 22;
    Object.assign(gantt.config, {
      details_on_dblclick: false,
      show_errors: false,
      duration_unit: 'day',
      row_height: rowHeight,
      bar_height: barHeight,
      open_tree_initially: true,
      drag_links: true,
      drag_progress: true,
      order_branch: false,
      smart_rendering: true,
      show_unscheduled: true,
    });
    const narrow = el.clientWidth < NARROW;
    const grid = props.gridWidth ?? { wide: 440, narrow: 150 };
    gantt.config.grid_width = narrow ? grid.narrow : grid.wide;
    gantt.config.columns = props.columns(narrow) as unknown as typeof gantt.config.columns;
    gantt.templates.task_class = (_s, _e, task: GanttTaskItem<Row>) => latest.current.taskClass?.(task) ?? '';
    gantt.templates.tooltip_text = () => '';
    const events = [
      gantt.attachEvent('onGanttRender', drawToday),
      gantt.attachEvent('onDataRender', drawToday),
      gantt.attachEvent('onBeforeTaskDrag', (id: string | number) => {
        const task = gantt.getTask(id) as GanttTaskItem<Row>;
        if (latest.current.readOnly || !task.row || task.readonly) return false;
        before.set(id, { start_date: task.start_date, end_date: task.end_date, progress: task.progress });
        return true;
      }),
      gantt.attachEvent('onAfterTaskDrag', (id: string | number, mode: string) => {
        const task = gantt.getTask(id) as GanttTaskItem<Row>;
        const snapshot = before.get(id);
        before.delete(id);
        if (!task.row || !snapshot) return;
        const row = task.row;
        const change = dragChange(task, mode as DragMode);
        void commitDrag({
          before: snapshot,
          patch: () => latest.current.onDrag(row, change),
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
          if (syncing.current) return true;
          const body = drawnLink(link);
          const source = rowOf(link.source);
          if (body && source && !latest.current.readOnly) latest.current.onLink(body, source);
          // The link is drawn when the server has it (its answer comes back as new data).
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
        if (row) latest.current.onOpen?.(row);
        return false;
      }),
      gantt.attachEvent('onTaskRowClick', (id: string | number) => {
        const row = rowOf(id);
        if (row) latest.current.onOpen?.(row);
      }),
    ];
    // The library's stylesheet names Inter from a CDN (../shared/STACK.md) in a variable on :root, which its elements
    // outside this box read too (the drag marker on <body>): the app's own font is set there while the chart lives.
    const rootStyle = document.documentElement.style;
    rootStyle.setProperty(FONT_VARIABLE, getComputedStyle(document.body).fontFamily);
    gantt.init(el);
    // The second bar is an extra task layer (docs.dhtmlx.com "Displaying baselines"). The Community build of 10.x
    // removes gantt.addTaskLayer, which only forwards to the task layer's data render: that is called here, once
    // the timeline exists (after init), with what addTaskLayer adds. `view: 'timeline'` is the view whose viewport
    // smart rendering asks: without it the layer has no viewport and every second bar of the chart is drawn
    // (thousands of nodes, then laid out on each render); with it getRectangle lets only those on screen be drawn.
    const taskLayers = props.secondBar ? taskDataRender() : null;
    const layers: (string | number)[] = [];
    if (taskLayers) {
      const place = (task: GanttTaskItem<Row>) => {
        const bar = latest.current.secondBar?.dates(task);
        return bar ? gantt.getTaskPosition(task, bar.start, bar.end) : null;
      };
      layers.push(
        taskLayers.addLayer({
          view: 'timeline',
          renderer: {
            render: (task: GanttTaskItem<Row>) => {
              const box = place(task);
              if (!box) return false;
              const div = document.createElement('div');
              div.className = SECOND_BAR_CLASS;
              div.style.left = `${box.left}px`;
              div.style.width = `${Math.max(box.width, 2)}px`;
              div.style.top = `${box.top + (rowHeight + barHeight) / 2 + 1}px`;
              const title = latest.current.secondBar?.title?.(task);
              if (title) div.title = title;
              return div;
            },
            getRectangle: (task: GanttTaskItem<Row>) => place(task) ?? undefined,
            // What gantt.addTaskLayer would add (its default): the rows in the viewport, one either side.
            getVisibleRange: (...[, view, , store, viewport]: VisibleRangeArgs) => {
              const first = view.getItemIndexByTopPosition(viewport.y) || 0;
              const last = view.getItemIndexByTopPosition(viewport.y_end) || store.count();
              return { start: Math.max(0, first - 1), end: Math.min(store.count(), last + 1), ids: [] };
            },
          },
        }),
      );
      // Not drawn here: the data effect below parses in this same commit, and that draws every layer.
    }
    return () => {
      rootStyle.removeProperty(FONT_VARIABLE);
      for (const id of events) gantt.detachEvent(id);
      for (const id of layers) taskLayers?.removeLayer(id);
      gantt.clearAll();
      shown.current = null;
      el.replaceChildren();
    };
    // The instance is set up once per mount; language, scale and data follow in the effects below.
  }, []);

  // The library's own words (its lightbox, its link-delete prompt) follow the app's language, and the grid's labels.
  const language = i18n.language;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    gantt.i18n.setLocale(localeOf(language));
    const el = container.current;
    gantt.config.columns = latest.current.columns(
      (el?.clientWidth ?? NARROW) < NARROW,
    ) as unknown as typeof gantt.config.columns;
    gantt.render();
  }, [language]);

  useEffect(() => {
    gantt.config.scales = props.scale.scales.map((s) => ({
      unit: s.unit,
      step: 1,
      format: typeof s.format === 'function' ? s.format : (date: Date) => dayjs(date).format(s.format as string),
    })) as unknown as typeof gantt.config.scales;
    gantt.config.min_column_width = props.scale.columnWidth;
    gantt.config.readonly = props.readOnly;
    // Before the first fill the data effect below, in this same commit, draws the chart with these scales.
    if (shown.current) gantt.render();
  }, [props.scale, props.readOnly]);

  useEffect(() => {
    const plan = planSync(shown.current, props.data, (id) =>
      gantt.isTaskExists(id) ? (gantt.getTask(id) as GanttTaskItem<Row>) : undefined,
    );
    if (plan.kind === 'patch') {
      syncing.current = true;
      try {
        gantt.batchUpdate(() => {
          for (const item of plan.tasks) {
            Object.assign(gantt.getTask(item.id), taskPatch(item));
            gantt.updateTask(item.id);
          }
          for (const id of plan.removeLinks) if (gantt.isLinkExists(id)) gantt.deleteLink(id);
          for (const link of plan.addLinks) gantt.addLink({ ...link });
        });
      } finally {
        syncing.current = false;
      }
    } else {
      const scroll = gantt.getScrollState();
      const firstFill = shown.current === null;
      // The first fill finds the instance empty (the previous owner cleared it on unmount).
      if (!firstFill) gantt.clearAll();
      gantt.parse({ data: props.data.data, links: props.data.links.map((l) => ({ ...l })) });
      // The first fill opens on today; later ones keep the user's place.
      if (firstFill) gantt.showDate(new Date());
      else gantt.scrollTo(scroll.x, scroll.y);
    }
    shown.current = { shape: shapeOf(props.data), links: props.data.links };
  }, [props.data]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={props.label}
      data-testid={props.testId}
      w="full"
      h={{ base: '60dvh', md: 'calc(100dvh - 320px)' }}
      minH="360px"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      css={{
        [`& .${TODAY_CLASS}`]: {
          position: 'absolute',
          top: 0,
          width: '2px',
          marginLeft: '-1px',
          background: 'var(--chakra-colors-red-500)',
          pointerEvents: 'none',
          zIndex: 2,
        },
        [`& .${SECOND_BAR_CLASS}`]: {
          position: 'absolute',
          height: '6px',
          borderRadius: '3px',
          background: 'var(--chakra-colors-orange-400)',
          zIndex: 1,
        },
        ...props.css,
      }}
    />
  );
}
