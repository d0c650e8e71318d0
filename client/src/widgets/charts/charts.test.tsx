import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { seriousAxeViolations } from '../../test/axe.ts';
import { BarChart, LineChart } from './index.ts';
import { isEmptyChart, shorten, valueOf } from './chart-format.ts';

const data = [
  { month: '2026-01', tickets: 12, units: 3 },
  { month: '2026-02', tickets: 7.5, units: 0 },
];
const series = [
  { key: 'tickets', label: 'Solicitudes' },
  { key: 'units', label: 'Unidades', color: 'teal.solid' },
];

describe('widgets/charts', () => {
  it('names the drawing and lists every value in a table for screen readers', async () => {
    renderWithProviders(
      <BarChart data={data} xKey="month" series={series} label="Solicitudes por mes" testId="chart" stacked />,
    );
    expect(screen.getByRole('img', { name: 'Solicitudes por mes' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Solicitudes por mes' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['ElementoSolicitudesUnidades', '2026-01123', '2026-027,50']);
    expect(within(screen.getByTestId('chart')).getByRole('table')).toBe(table);
    // The lazy drawing arrives and replaces its placeholder.
    await waitFor(() => expect(document.querySelector('.recharts-wrapper')).toBeTruthy());
  });

  it('formats values and categories with the caller’s functions', () => {
    renderWithProviders(
      <LineChart
        data={[{ day: '2026-03-02', users: 4 }]}
        xKey="day"
        xLabel="Día"
        series={[{ key: 'users', label: 'Usuarios' }]}
        label="Usuarios activos"
        valueFormat={(n) => `${n} u.`}
        xFormat={(v) => v.slice(8)}
        area
      />,
    );
    const table = screen.getByRole('table', { name: 'Usuarios activos' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DíaUsuarios', '024 u.']);
  });

  it('says there is nothing to show when there are no rows or every value is zero', () => {
    const { rerender } = renderWithProviders(
      <LineChart data={[]} xKey="day" series={[{ key: 'users', label: 'Usuarios' }]} label="Usuarios" testId="c" />,
    );
    expect(screen.getByTestId('c').textContent).toBe('Sin datos para el período');
    expect(screen.queryByRole('img')).toBeNull();
    rerender(
      <BarChart
        data={[{ p: 'alta', n: 0 }]}
        xKey="p"
        series={[{ key: 'n', label: 'N' }]}
        label="Por prioridad"
        testId="c"
      />,
    );
    expect(screen.getByTestId('c').getAttribute('data-empty')).toBe('true');
  });

  it('has no serious accessibility violations once drawn', async () => {
    const { container } = renderWithProviders(
      <BarChart data={data} xKey="month" series={series} label="Solicitudes por mes" horizontal colorKey="none" />,
    );
    await waitFor(() => expect(document.querySelector('.recharts-wrapper')).toBeTruthy());
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('chart figures', () => {
  it('reads missing or non-numeric values as zero', () => {
    expect(valueOf({ a: '3' }, 'a')).toBe(3);
    expect(valueOf({ a: 'x' }, 'a')).toBe(0);
    expect(valueOf({}, 'a')).toBe(0);
    expect(isEmptyChart([{ a: 0 }, { a: null }], [{ key: 'a', label: 'A' }])).toBe(true);
    expect(isEmptyChart([{ a: 0 }, { a: 1 }], [{ key: 'a', label: 'A' }])).toBe(false);
  });

  it('cuts long category names with an ellipsis', () => {
    expect(shorten('Departamento 1204', 10)).toBe('Departame…');
    expect(shorten('Casa', 10)).toBe('Casa');
  });
});
