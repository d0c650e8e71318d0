/** The Gantt's zoom levels (day, week, month): its scales, labelled with dayjs in the UI language (shared/dayjs.ts). */
export const GANTT_ZOOMS = {
  day: {
    columnWidth: 36,
    scales: [
      { unit: 'month', format: 'MMMM YYYY' },
      { unit: 'day', format: 'D' },
    ],
  },
  week: {
    columnWidth: 90,
    scales: [
      { unit: 'month', format: 'MMMM YYYY' },
      { unit: 'week', format: 'D MMM' },
    ],
  },
  month: {
    columnWidth: 110,
    scales: [
      { unit: 'year', format: 'YYYY' },
      { unit: 'month', format: 'MMM' },
    ],
  },
} as const;
export type GanttZoom = keyof typeof GANTT_ZOOMS;
export const GANTT_ZOOM_LEVELS = Object.keys(GANTT_ZOOMS) as GanttZoom[];
