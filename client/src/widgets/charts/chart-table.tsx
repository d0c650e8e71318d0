import { VisuallyHidden } from '@chakra-ui/react';
import type { CanvasProps } from './chart-types.ts';
import { valueOf } from './chart-format.ts';

/** The chart's figures as a table only screen readers see: one row per category, one column per series. */
export function ChartTable({
  caption,
  xLabel,
  data,
  xKey,
  series,
  valueFormat,
  xFormat,
}: CanvasProps & { caption: string; xLabel: string }) {
  return (
    <VisuallyHidden asChild>
      <table data-testid="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xLabel}</th>
            {series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row, i) => (
            <tr key={`${String(row[xKey])}-${i}`}>
              <th scope="row">{xFormat(String(row[xKey] ?? ''))}</th>
              {series.map((s) => (
                <td key={s.key}>{valueFormat(valueOf(row, s.key))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
