import { lazy } from 'react';
import { withTimeout } from '../../shared/lazy-page.tsx';
import { ChartFrame } from './chart-frame.tsx';
import type { LineChartProps } from './chart-types.ts';
import { defaultValueFormat, identity, withColors } from './chart-format.ts';

// recharts travels in its own chunk, fetched the first time a chart is drawn (widgets/charts/index.ts).
const LineCanvas = lazy(() => withTimeout(() => import('./line-canvas.tsx')));

/** A line per series over the categories (days, weeks, hours), `area` filling under each; 240 px high by default. */
export function LineChart({
  data,
  xKey,
  series,
  label,
  area = false,
  height = 240,
  valueFormat = defaultValueFormat,
  xFormat = identity,
  xLabel,
  testId,
}: LineChartProps) {
  const figures = { data, xKey, series: withColors(series), valueFormat, xFormat };
  return (
    <ChartFrame label={label} xLabel={xLabel} height={height} testId={testId} {...figures}>
      <LineCanvas {...figures} area={area} />
    </ChartFrame>
  );
}
