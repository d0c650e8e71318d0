import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { formatNumber, normalizeNumber, parseNumber, roundTo, sanitizeNumberText } from './number-format.ts';
import type { NumberInputProps } from './number-input.tsx';
import { NumberInput } from './number-input.tsx';

describe('number formatting (docs/product.md §5 defaults: thousands ".", decimal ",", precision 2)', () => {
  it('formats with the defaults, padding to the precision', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(12)).toBe('12,00');
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('honours other separators, precision and unpadded output', () => {
    expect(formatNumber(1234567.891, { thousands: ',', decimal: '.' })).toBe('1,234,567.89');
    expect(formatNumber(1234.5, { thousands: ' ', decimal: ',', precision: 1 })).toBe('1 234,5');
    expect(formatNumber(1234.5, { fixed: false })).toBe('1.234,5');
    expect(formatNumber(1234.5, { precision: 0 })).toBe('1.235');
  });

  it('rounds half away from zero with rounding on and truncates with it off', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1.009, 2, false)).toBe(1);
    expect(roundTo(1.13, 2, false)).toBe(1.13);
    expect(roundTo(-0.004, 2)).toBe(0);
    expect(formatNumber(2.999, { round: false })).toBe('2,99');
    expect(formatNumber(2.999)).toBe('3,00');
  });

  it('parses what users type the es-CL way', () => {
    expect(parseNumber('1.234.567,89')).toBe(1234567.89);
    expect(parseNumber('1234,5')).toBe(1234.5);
    expect(parseNumber('1.234')).toBe(1234);
    expect(parseNumber('10.5')).toBe(10.5); // a lone dot that groups nothing is a decimal point
    expect(parseNumber(',5')).toBe(0.5);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('   ')).toBeNull();
    expect(parseNumber('1,2,3')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('parses with other separators', () => {
    expect(parseNumber('1,234,567.5', { thousands: ',', decimal: '.' })).toBe(1234567.5);
  });

  it('applies the sign rule, rounding and optional min/max, naming the rule that moved the value', () => {
    expect(normalizeNumber(-5)).toEqual({ value: 0, clamped: 'negative' });
    expect(normalizeNumber(-5, { allowNegative: true })).toEqual({ value: -5, clamped: null });
    expect(normalizeNumber(5, { min: 10 })).toEqual({ value: 10, clamped: 'min' });
    expect(normalizeNumber(10, { min: 10 })).toEqual({ value: 10, clamped: null });
    expect(normalizeNumber(100.004, { max: 100 })).toEqual({ value: 100, clamped: null }); // rounds first, then compares
    expect(normalizeNumber(100.01, { max: 100 })).toEqual({ value: 100, clamped: 'max' });
    expect(normalizeNumber(null)).toEqual({ value: null, clamped: null });
  });

  it('drops characters that cannot be typed, and "-" unless negatives are on', () => {
    expect(sanitizeNumberText('a1b.2c,3-')).toBe('1.2,3');
    expect(sanitizeNumberText('-12', { allowNegative: false })).toBe('12');
    expect(sanitizeNumberText('-12-', { allowNegative: true })).toBe('-12');
  });
});

function Controlled(props: Partial<NumberInputProps> & { initial?: number | null; spy: (v: number | null) => void }) {
  const { initial = null, spy, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <NumberInput
      label="Monto"
      {...rest}
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('NumberInput (docs/product.md §5)', () => {
  it('formats on blur and reports the number', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.type(input, '1234567,891');
    await user.tab();
    expect(input.value).toBe('1.234.567,89');
    expect(spy).toHaveBeenLastCalledWith(1234567.89);
  });

  it('shows an outside value formatted and follows outside changes', () => {
    const spy = vi.fn();
    const { rerender } = renderWithProviders(<NumberInput label="Monto" value={1500.5} onChange={spy} />);
    expect((screen.getByLabelText('Monto') as HTMLInputElement).value).toBe('1.500,50');
    rerender(<NumberInput label="Monto" value={null} onChange={spy} />);
    expect((screen.getByLabelText('Monto') as HTMLInputElement).value).toBe('');
  });

  it('shows whole numbers without padded decimals when fixed is off', () => {
    renderWithProviders(<NumberInput label="Camión" value={8} onChange={vi.fn()} precision={1} fixed={false} />);
    expect((screen.getByLabelText('Camión') as HTMLInputElement).value).toBe('8');
  });

  it('ignores "-" with negatives off (the default) and accepts it when on', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(
      <>
        <Controlled spy={spy} />
        <Controlled spy={spy} label="Saldo" allowNegative />
      </>,
    );
    const amount = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.type(amount, '-5');
    await user.tab();
    expect(amount.value).toBe('5,00');
    const balance = screen.getByLabelText('Saldo') as HTMLInputElement;
    await user.type(balance, '-5,5');
    await user.tab();
    expect(balance.value).toBe('-5,50');
    expect(spy).toHaveBeenLastCalledWith(-5.5);
  });

  it('clamps to min and max on blur and says why', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} min={10} max={100} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.type(input, '5');
    expect(spy).toHaveBeenLastCalledWith(5); // not clamped while typing
    await user.tab();
    expect(input.value).toBe('10,00');
    expect(spy).toHaveBeenLastCalledWith(10);
    expect(screen.getByRole('status').textContent).toBe('El valor mínimo es 10,00');

    await user.clear(input);
    await user.type(input, '250');
    await user.tab();
    expect(input.value).toBe('100,00');
    expect(spy).toHaveBeenLastCalledWith(100);
    expect(screen.getByRole('status').textContent).toBe('El valor máximo es 100,00');
  });

  it('truncates instead of rounding when rounding is off, and commits on Enter', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} round={false} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.type(input, '2,999{Enter}');
    expect(input.value).toBe('2,99');
    expect(spy).toHaveBeenLastCalledWith(2.99);
  });

  it('rounds to the precision while typing', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} precision={1} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.type(input, '3,25');
    expect(spy).toHaveBeenLastCalledWith(3.3);
    await user.tab();
    expect(input.value).toBe('3,3');
  });

  it('empties to null', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} initial={42} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.clear(input);
    await user.tab();
    expect(input.value).toBe('');
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('keeps text that is no number and says so, instead of emptying it silently', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled spy={spy} initial={42} />);
    const input = screen.getByLabelText('Monto') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '1,2,3');
    await user.tab();
    expect(input.value).toBe('1,2,3');
    expect(screen.getByRole('status').textContent).toBe('Ingrese un número válido');
    expect(spy).toHaveBeenLastCalledWith(null);
  });
});
