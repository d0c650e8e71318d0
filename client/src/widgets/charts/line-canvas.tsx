import { Chart, useChart } from '@chakra-ui/charts';
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { CanvasProps } from './chart-types.ts';

type Props = CanvasProps & { area: boolean };

/** Points are drawn only while a line has few enough to tell apart. */
const MAX_DOTS = 31;

/** The drawing of widgets/charts LineChart (recharts through Chakra's chart kit); loaded lazily by line-chart.tsx. */
export default function LineCanvas({ data, xKey, series, valueFormat, xFormat, area }: Props) {
  const chart = useChart({ data, series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })) });
  const dot = data.length <= MAX_DOTS;
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h="full">
      <ComposedChart
        data={chart.data}
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key(xKey)}
          axisLine={false}
          tickLine={false}
          tickFormatter={(v) => xFormat(String(v))}
          minTickGap={16}
        />
        <YAxis width={44} axisLine={false} tickLine={false} tickFormatter={valueFormat} allowDecimals={false} />
        <Tooltip
          cursor={{ stroke: chart.color('border') }}
          animationDuration={100}
          content={({ payload, label }) => (
            <Chart.Tooltip
              payload={payload}
              label={label}
              labelFormatter={(l) => xFormat(String(l))}
              formatter={(v) => valueFormat(Number(v))}
            />
          )}
        />
        {chart.series.length > 1 ? <Legend content={<Chart.Legend />} /> : null}
        {chart.series.map((item) =>
          area ? (
            <Area
              key={String(item.name)}
              type="monotone"
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.name)}
              stroke={chart.color(item.color)}
              fill={chart.color(item.color)}
              fillOpacity={0.15}
              strokeWidth={2}
              dot={dot ? { r: 2 } : false}
            />
          ) : (
            <Line
              key={String(item.name)}
              type="monotone"
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.name)}
              stroke={chart.color(item.color)}
              strokeWidth={2}
              dot={dot ? { r: 2 } : false}
            />
          ),
        )}
      </ComposedChart>
    </Chart.Root>
  );
}
