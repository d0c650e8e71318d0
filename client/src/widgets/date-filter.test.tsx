import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import type { DateFilterValue } from './date-range.ts';
import {
  customRangeIssue,
  DATE_FILTER_ALL,
  dateFilterQuery,
  isDateFilterActive,
  isIsoDate,
  isRangeOrdered,
  resolveDateRange,
} from './date-range.ts';
import { DateFilter, DateFilterPanel } from './date-filter.tsx';

const wednesday = new Date(2025, 5, 4); // 2025-06-04
const at = (preset: DateFilterValue['preset'], extra: Partial<DateFilterValue> = {}): DateFilterValue => ({
  preset,
  field: 'created',
  ...extra,
});

describe('resolveDateRange (docs/product.md §9: presets all, today, week, month, custom; week starts Monday)', () => {
  it('has no condition for all', () => {
    expect(resolveDateRange(at('all'), wednesday)).toBeNull();
  });

  it('is a single day for today', () => {
    expect(resolveDateRange(at('today'), wednesday)).toEqual({ from: '2025-06-04', to: '2025-06-04' });
  });

  it.each([
    ['Monday', new Date(2025, 5, 2)],
    ['Wednesday', wednesday],
    ['Sunday', new Date(2025, 5, 8)],
  ])('runs Monday to Sunday on a %s', (_day, today) => {
    expect(resolveDateRange(at('week'), today)).toEqual({ from: '2025-06-02', to: '2025-06-08' });
  });

  it('crosses month and year boundaries for the week', () => {
    expect(resolveDateRange(at('week'), new Date(2025, 0, 1))).toEqual({ from: '2024-12-30', to: '2025-01-05' });
  });

  it('covers the calendar month, leap February included', () => {
    expect(resolveDateRange(at('month'), wednesday)).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(resolveDateRange(at('month'), new Date(2024, 1, 10))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(resolveDateRange(at('month'), new Date(2025, 11, 31))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('keeps the valid ends of a custom range', () => {
    expect(resolveDateRange(at('custom', { from: '2025-01-10', to: '2025-02-01' }))).toEqual({
      from: '2025-01-10',
      to: '2025-02-01',
    });
    expect(resolveDateRange(at('custom', { from: '2025-01-10' }))).toEqual({ from: '2025-01-10' });
    expect(resolveDateRange(at('custom', { from: '2025-02-30', to: '2025-03-01' }))).toEqual({ to: '2025-03-01' });
    expect(resolveDateRange(at('custom'))).toBeNull();
  });

  it("builds the request query on the chosen date field; the server resolves presets in the user's zone", () => {
    expect(dateFilterQuery(at('all'))).toEqual({});
    expect(dateFilterQuery({ preset: 'today', field: 'updated' })).toEqual({
      date_preset: 'today',
      date_field: 'updated',
    });
    expect(dateFilterQuery(at('custom', { from: '2025-06-01', to: '2025-06-30' }))).toEqual({
      date_preset: 'custom',
      date_field: 'created',
      date_from: '2025-06-01',
      date_to: '2025-06-30',
    });
  });

  it('sends no date condition for a custom range that is incomplete or out of order (the API answers 422 to those)', () => {
    for (const value of [
      at('custom'),
      at('custom', { from: '2025-06-01' }),
      at('custom', { to: '2025-06-30' }),
      at('custom', { from: '2025-02-30', to: '2025-03-01' }),
    ]) {
      expect(customRangeIssue(value)).toBe('incomplete');
      expect(isDateFilterActive(value)).toBe(false);
      expect(dateFilterQuery(value)).toEqual({});
    }
    const backwards = at('custom', { from: '2025-06-10', to: '2025-06-01' });
    expect(customRangeIssue(backwards)).toBe('order');
    expect(dateFilterQuery(backwards)).toEqual({});
    expect(customRangeIssue(at('custom', { from: '2025-06-10', to: '2025-06-10' }))).toBeNull();
    expect(customRangeIssue(at('week'))).toBeNull();
    expect(isDateFilterActive(at('week'))).toBe(true);
    expect(isDateFilterActive(at('all'))).toBe(false);
  });

  it('validates ISO dates and range order', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('04-06-2025')).toBe(false);
    expect(isRangeOrdered('2025-01-01', '2025-01-01')).toBe(true);
    expect(isRangeOrdered('2025-01-02', '2025-01-01')).toBe(false);
    expect(isRangeOrdered('2025-01-02', '')).toBe(true);
  });
});

function Controlled({
  spy,
  initial = DATE_FILTER_ALL,
}: {
  spy: (v: DateFilterValue) => void;
  initial?: DateFilterValue;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateFilterPanel
      value={value}
      today={wednesday}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('DateFilterPanel', () => {
  it('picks a preset, marks it pressed and shows the range it stands for', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    expect(screen.getByRole('button', { name: 'Todas' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Esta semana' }));
    expect(spy).toHaveBeenLastCalledWith({ preset: 'week', field: 'created' });
    expect(screen.getByRole('button', { name: 'Esta semana' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Del 02-06-2025 al 08-06-2025')).toBeTruthy();
  });

  it('switches between creation and update date, keeping the preset', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} initial={at('month')} />);
    await user.selectOptions(screen.getByLabelText('Filtrar por'), 'Fecha de actualización');
    expect(spy).toHaveBeenLastCalledWith({ preset: 'month', field: 'updated' });
  });

  it('asks for both dates and produces no query until the range is complete, then filters', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Rango' }));
    expect(spy).toHaveBeenLastCalledWith({ preset: 'custom', field: 'created' });
    expect(dateFilterQuery(spy.mock.lastCall![0])).toEqual({});
    const hint = 'Indique ambas fechas, «Desde» y «Hasta», para filtrar por rango';
    expect(screen.getByTestId('date-filter-incomplete').textContent).toBe(hint);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-06-10' } });
    expect(dateFilterQuery(spy.mock.lastCall![0])).toEqual({});
    expect(screen.getByText(hint)).toBeTruthy();
    expect(screen.queryByText('Desde el 10-06-2025')).toBeNull(); // no range text for a range that does not filter
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-06-20' } });
    expect(dateFilterQuery(spy.mock.lastCall![0])).toEqual({});
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-06-10' } });
    expect(dateFilterQuery(spy.mock.lastCall![0])).toEqual({
      date_preset: 'custom',
      date_field: 'created',
      date_from: '2025-06-10',
      date_to: '2025-06-20',
    });
    expect(screen.queryByTestId('date-filter-incomplete')).toBeNull();
    expect(screen.getByText('Del 10-06-2025 al 20-06-2025')).toBeTruthy();
  });

  it('emits a custom range and refuses one that ends before it starts', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Rango' }));
    expect(spy).toHaveBeenLastCalledWith({ preset: 'custom', field: 'created' });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-06-10' } });
    expect(spy).toHaveBeenLastCalledWith({ preset: 'custom', field: 'created', from: '2025-06-10' });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-06-01' } });
    expect(spy).toHaveBeenCalledTimes(2); // out of order: not emitted
    expect(screen.getByText('La fecha «Hasta» debe ser igual o posterior a «Desde»')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-06-10' } });
    expect(spy).toHaveBeenLastCalledWith({ preset: 'custom', field: 'created', from: '2025-06-10', to: '2025-06-10' });
    expect(screen.getByText('Del 10-06-2025 al 10-06-2025')).toBeTruthy();
  });

  it('drops the custom dates when going back to a preset', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} initial={at('custom', { from: '2025-06-01', to: '2025-06-03' })} />);
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(spy).toHaveBeenLastCalledWith({ preset: 'today', field: 'created' });
  });
});

describe('DateFilter dropdown', () => {
  it('summarises the chosen preset on its trigger and opens the panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DateFilter value={at('today')} onChange={() => {}} today={wednesday} />);
    await user.click(screen.getByRole('button', { name: 'Fecha: Hoy' }));
    expect(await screen.findByText('Del 04-06-2025 al 04-06-2025')).toBeTruthy();
  });

  it('says on its trigger when a custom range is not applied yet, and in the panel why', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DateFilter value={at('custom', { from: '2025-06-10' })} onChange={() => {}} today={wednesday} />,
    );
    await user.click(screen.getByRole('button', { name: 'Fecha: Rango sin aplicar' }));
    expect(await screen.findByTestId('date-filter-incomplete')).toBeTruthy();
  });

  it('shows the order error for an out-of-order range that came from a link', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DateFilter
        value={at('custom', { from: '2025-06-10', to: '2025-06-01' })}
        onChange={() => {}}
        today={wednesday}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Fecha: Rango sin aplicar' }));
    expect(await screen.findByText('La fecha «Hasta» debe ser igual o posterior a «Desde»')).toBeTruthy();
  });
});
