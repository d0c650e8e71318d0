import { formatNumber } from '../../shared/format.ts';
import type { ChartRow, ChartSeries } from './chart-types.ts';

/**
 * The default colours, in order: the brand first, then hues far enough apart to tell neighbours apart
 * (Chakra's palette tokens, so light and dark modes both read).
 */
export const CHART_PALETTE = [
  'brand.solid',
  'orange.solid',
  'teal.solid',
  'purple.solid',
  'pink.solid',
  'cyan.solid',
  'yellow.solid',
  'gray.solid',
] as const;

export const withColors = (series: ChartSeries[]): Required<ChartSeries>[] =>
  series.map((s, i) => ({ ...s, color: s.color ?? CHART_PALETTE[i % CHART_PALETTE.length] }));

/** Whole numbers as they are, others with one decimal, in the app's number format (shared/format.ts). */
export const defaultValueFormat = (n: number) => formatNumber(n, { precision: Number.isInteger(n) ? 0 : 1 });

export const identity = (v: string) => v;

/** A row's value of a series as a number (missing or not numeric reads 0). */
export function valueOf(row: ChartRow, key: string): number {
  const v = row[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** A chart with nothing to draw: no rows, or every value of every series is zero. */
export const isEmptyChart = (data: ChartRow[], series: ChartSeries[]) =>
  !data.some((row) => series.some((s) => valueOf(row, s.key) !== 0));

/** A category name cut to fit beside a bar; the full name stays in the tooltip and the screen-reader table. */
export const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
