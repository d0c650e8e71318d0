import { lazy } from 'react';
import { withTimeout } from '../../shared/lazy-page.tsx';
import { ChartFrame } from './chart-frame.tsx';
import type { BarChartProps } from './chart-types.ts';
import { defaultValueFormat, identity, withColors } from './chart-format.ts';

// recharts travels in its own chunk, fetched the first time a chart is drawn (widgets/charts/index.ts).
const BarCanvas = lazy(() => withTimeout(() => import('./bar-canvas.tsx')));

/** Height of one horizontal bar's row (px), and of the axis and legend around them. */
const ROW_PX = 30;
const AXES_PX = 40;
const LEGEND_PX = 28;

/**
 * Bars per category, one colour per series (side by side or `stacked`); `horizontal` for long names. Without a
 * height, a horizontal chart grows with its rows and a vertical one is 240 px.
 */
export function BarChart({
  data,
  xKey,
  series,
  label,
  stacked = false,
  horizontal = false,
  height,
  valueFormat = defaultValueFormat,
  xFormat = identity,
  xLabel,
  colorKey,
  testId,
}: BarChartProps) {
  const colored = withColors(series);
  const legend = series.length > 1 ? LEGEND_PX : 0;
  const plotHeight = height ?? (horizontal ? data.length * ROW_PX + AXES_PX + legend : 240);
  const figures = { data, xKey, series: colored, valueFormat, xFormat };
  return (
    <ChartFrame label={label} xLabel={xLabel} height={plotHeight} testId={testId} {...figures}>
      <BarCanvas {...figures} stacked={stacked} horizontal={horizontal} colorKey={colorKey} />
    </ChartFrame>
  );
}
