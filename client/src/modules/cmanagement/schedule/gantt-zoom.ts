import { GANTT_ZOOMS as ZOOMS } from '../../../widgets/gantt/gantt-zoom.ts';

/** The schedule's zoom levels (day, week, month): the shared Gantt's levels (widgets/gantt/gantt-zoom.ts). */
export const GANTT_ZOOMS = { day: ZOOMS.day, week: ZOOMS.week, month: ZOOMS.month } as const;
export type GanttZoom = keyof typeof GANTT_ZOOMS;
export const GANTT_ZOOM_LEVELS = Object.keys(GANTT_ZOOMS) as GanttZoom[];
