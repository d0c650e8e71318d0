/**
 * The Gantt's zoom: named levels (day, week, month, quarter), each two scales labelled with dayjs in the UI
 * language (shared/dayjs.ts) and a column width, and the continuous zoom scale of docs/product.md §9 (0 to 50,
 * step 0.25) mapped onto them: the scale sets how many pixels a day takes, on a logarithmic ruler from
 * ZOOM_PX_PER_DAY.min to .max, and the finest level whose columns are still wide enough for their labels draws it.
 */
export type GanttScaleUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export type GanttScaleLine = { unit: GanttScaleUnit; format: string | ((date: Date) => string) };
export type GanttScale = { columnWidth: number; scales: readonly GanttScaleLine[] };

/** "T1"…"T4": trimestre, in Spanish and in Portuguese alike. */
const quarterOf = (date: Date) => `T${Math.floor(date.getMonth() / 3) + 1}`;

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
  quarter: {
    columnWidth: 130,
    scales: [
      { unit: 'year', format: 'YYYY' },
      { unit: 'quarter', format: quarterOf },
    ],
  },
} as const satisfies Record<string, GanttScale>;
export type GanttZoom = keyof typeof GANTT_ZOOMS;
export const GANTT_ZOOM_LEVELS = Object.keys(GANTT_ZOOMS) as GanttZoom[];

/** Days in one column of the level's finer scale (a month and a quarter taken on average). */
const DAYS_PER_COLUMN: Record<GanttZoom, number> = { day: 1, week: 7, month: 30.44, quarter: 91.31 };
/** The narrowest column whose label still fits ("30", "28 sep", "sep", "T3"). */
const MIN_COLUMN: Record<GanttZoom, number> = { day: 24, week: 56, month: 44, quarter: 40 };

export const ZOOM_SCALE = { min: 0, max: 50, step: 0.25 } as const;
export const ZOOM_PX_PER_DAY = { min: 0.5, max: 64 } as const;
const RATIO = Math.log(ZOOM_PX_PER_DAY.max / ZOOM_PX_PER_DAY.min);

const clamp = (value: number) => Math.min(ZOOM_SCALE.max, Math.max(ZOOM_SCALE.min, value));
export const pxPerDayOf = (value: number) => ZOOM_PX_PER_DAY.min * Math.exp((clamp(value) / ZOOM_SCALE.max) * RATIO);
const valueOfPx = (px: number) => {
  const exact = (Math.log(px / ZOOM_PX_PER_DAY.min) / RATIO) * ZOOM_SCALE.max;
  return clamp(Math.round(exact / ZOOM_SCALE.step) * ZOOM_SCALE.step);
};

/** Where each level's button puts the scale: the value that draws that level at its usual column width. */
export const ZOOM_PRESETS = Object.fromEntries(
  GANTT_ZOOM_LEVELS.map((level) => [level, valueOfPx(GANTT_ZOOMS[level].columnWidth / DAYS_PER_COLUMN[level])]),
) as Record<GanttZoom, number>;

/** A point of the zoom scale → the level that draws it and its scales at that width. */
export function zoomScale(value: number): { level: GanttZoom; scale: GanttScale } {
  const px = pxPerDayOf(value);
  const level = GANTT_ZOOM_LEVELS.find((l) => px * DAYS_PER_COLUMN[l] >= MIN_COLUMN[l]) ?? 'quarter';
  return {
    level,
    scale: { columnWidth: Math.round(px * DAYS_PER_COLUMN[level]), scales: GANTT_ZOOMS[level].scales },
  };
}
