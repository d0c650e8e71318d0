import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { CanvasProps } from './chart-types.ts';
import { shorten } from './chart-format.ts';

type Props = CanvasProps & { stacked: boolean; horizontal: boolean; colorKey?: string };

/** The longest category name drawn beside a horizontal bar, and the widest that side may be (px). */
const SIDE_CHARS = 22;
const SIDE_MAX_PX = 150;

/** The drawing of widgets/charts BarChart (recharts through Chakra's chart kit); loaded lazily by bar-chart.tsx. */
export default function BarCanvas({ data, xKey, series, valueFormat, xFormat, stacked, horizontal, colorKey }: Props) {
  const chart = useChart({
    data,
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color, stackId: stacked ? 'all' : undefined })),
  });
  const categoryTick = (v: unknown) => shorten(xFormat(String(v ?? '')), horizontal ? SIDE_CHARS : 14);
  const longest = Math.max(...data.map((row) => categoryTick(row[xKey]).length), 1);
  const sideWidth = Math.min(SIDE_MAX_PX, 16 + longest * 6.5);
  const last = chart.series.length - 1;
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h="full">
      <BarChart
        data={chart.data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        barCategoryGap="20%"
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" axisLine={false} tickLine={false} tickFormatter={valueFormat} allowDecimals={false} />
            <YAxis
              type="category"
              dataKey={chart.key(xKey)}
              width={sideWidth}
              axisLine={false}
              tickLine={false}
              interval={0}
              tickFormatter={categoryTick}
            />
          </>
        ) : (
          <>
            <XAxis
              dataKey={chart.key(xKey)}
              axisLine={false}
              tickLine={false}
              tickFormatter={categoryTick}
              minTickGap={8}
            />
            <YAxis width={44} axisLine={false} tickLine={false} tickFormatter={valueFormat} allowDecimals={false} />
          </>
        )}
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
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
        {chart.series.map((item, i) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            name={String(item.name)}
            fill={chart.color(item.color)}
            stackId={item.stackId}
            maxBarSize={horizontal ? 22 : 48}
            radius={!stacked || i === last ? (horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]) : 0}
          >
            {colorKey
              ? chart.data.map((row, j) => <Cell key={j} fill={chart.color(String(row[colorKey] ?? item.color))} />)
              : null}
          </Bar>
        ))}
      </BarChart>
    </Chart.Root>
  );
}
