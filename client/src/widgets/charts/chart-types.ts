/** One line or bar series of a chart: the data field it reads, its name in the legend, and its colour. */
export type ChartSeries = {
  key: string;
  label: string;
  /** A Chakra colour token such as 'teal.solid' (or a CSS colour); the default palette otherwise. */
  color?: string;
};

export type ChartRow = Record<string, unknown>;

/** What every chart takes: rows, the field of the category axis, the series, and its accessible name. */
export type CommonChartProps = {
  data: ChartRow[];
  xKey: string;
  series: ChartSeries[];
  /** The accessible name (role="img" + aria-label) and the caption of the screen-reader table. */
  label: string;
  /** Height of the plot in px. */
  height?: number;
  valueFormat?: (n: number) => string;
  xFormat?: (v: string) => string;
  /** The header of the category column in the screen-reader table (charts.category otherwise). */
  xLabel?: string;
  testId?: string;
};

export type BarChartProps = CommonChartProps & {
  stacked?: boolean;
  /** Bars drawn left to right, categories down the side (long names, many rows). */
  horizontal?: boolean;
  /** A field of each row holding that bar's own colour (token or CSS colour), for one-series charts. */
  colorKey?: string;
};

export type LineChartProps = CommonChartProps & {
  /** Fill the area under each line. */
  area?: boolean;
};

/** What the lazily loaded drawing part receives: the props with their defaults resolved. */
export type CanvasProps = {
  data: ChartRow[];
  xKey: string;
  series: Required<ChartSeries>[];
  valueFormat: (n: number) => string;
  xFormat: (v: string) => string;
};
