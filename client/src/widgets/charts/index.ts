/**
 * The product's one chart library (client/src/widgets/README.md, Charts): BarChart and LineChart on recharts
 * through @chakra-ui/charts, with the same look, tooltips, a legend for more than one series, an accessible name
 * with the figures in a screen-reader table, and an empty state. Importing this file does not load recharts:
 * the drawing is a lazy chunk fetched when a chart first renders, so only pages that draw one pay for it.
 */
export type { ChartSeries, BarChartProps, LineChartProps } from './chart-types.ts';
export { BarChart } from './bar-chart.tsx';
export { LineChart } from './line-chart.tsx';
export { CHART_PALETTE } from './chart-format.ts';
