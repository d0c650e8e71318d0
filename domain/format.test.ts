import { describe, expect, it } from 'vitest';
import {
  decimalDigits,
  formatBytes,
  formatCompact,
  formatDate,
  formatNumber,
  parseDecimal,
  roundTo,
  toIsoDate,
} from './format.ts';

describe('formatNumber (docs/product.md §5 number input: thousands ".", decimal ",", precision 2; docs/product.md §9 es-CL)', () => {
  it.each([
    [1234567.891, '1.234.567,89'],
    [1234, '1.234'],
    [999, '999'],
    [0, '0'],
    [-1234.5, '-1.234,5'],
    [1.005, '1,01'],
    [-0.001, '0'],
    [1e15, '1.000.000.000.000.000'],
  ])('%s → %s', (value, text) => expect(formatNumber(value)).toBe(text));

  it('honours precision and pads zeros when fixed', () => {
    expect(formatNumber(1234.5678, { precision: 0 })).toBe('1.235');
    expect(formatNumber(1234.5678, { precision: 3 })).toBe('1.234,568');
    expect(formatNumber(10, { fixed: true })).toBe('10,00');
    expect(formatNumber(1234.5, { fixed: true })).toBe('1.234,50');
  });

  it('prints nothing for absent or non-finite values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('roundTo rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('formatCompact (docs/product.md §9 "number format es-CL with a compact form")', () => {
  it.each([
    [999, '999'],
    [1000, '1 mil'],
    [1234, '1,2 mil'],
    [12345, '12,3 mil'],
    [999_999, '1 M'],
    [3_400_000, '3,4 M'],
    [1_500_000_000, '1,5 mil M'],
    [2_500_000_000_000, '2,5 B'],
    [-1234, '-1,2 mil'],
    [999.96, '1 mil'],
  ])('es: %s → %s', (value, text) => expect(formatCompact(value)).toBe(text));

  it('uses the Portuguese suffixes for pt-BR and a chosen precision', () => {
    expect(formatCompact(3_400_000, { locale: 'pt-BR' })).toBe('3,4 mi');
    expect(formatCompact(1_500_000_000, { locale: 'pt-BR' })).toBe('1,5 bi');
    expect(formatCompact(1234, { locale: 'pt-BR' })).toBe('1,2 mil');
    expect(formatCompact(1_234_567, { precision: 2 })).toBe('1,23 M');
    expect(formatCompact(null)).toBe('');
  });
});

describe('parseDecimal (user-typed es-CL numbers; docs/product.md §5 comma as decimal separator)', () => {
  it.each([
    ['1.234,5', 1234.5],
    ['10,5', 10.5],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['1234', 1234],
    ['-3', -3],
    ['+3,25', 3.25],
    [',5', 0.5],
    ['10.5', 10.5],
    ['  42  ', 42],
    [7.25, 7.25],
  ])('%j → %s', (input, value) => expect(parseDecimal(input)).toBe(value));

  it.each(['', 'abc', '1,2,3', '1.2,5', '12.34.56', '1e3', '1 2', '-', 'Infinity', '0x10'])(
    '%j is not a number',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('refuses non-text, non-finite inputs', () => {
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(true)).toBeNull();
  });

  it('decimalDigits counts the decimals typed', () => {
    expect(decimalDigits('10,50')).toBe(2);
    expect(decimalDigits('1.234')).toBe(0);
    expect(decimalDigits('10.5')).toBe(1);
    expect(decimalDigits(0.25)).toBe(2);
    expect(decimalDigits(1e-7)).toBe(7);
    expect(decimalDigits('x')).toBeNull();
  });
});

describe('formatBytes (limits of docs/product.md §9 in messages)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1536, '1,5 KB'],
    [20 * 1024 * 1024, '20 MB'],
    [250 * 1024 * 1024, '250 MB'],
    [536870912, '512 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%s → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('toIsoDate / formatDate (docs/product.md §5 date rule)', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2024/02/29', '2024-02-29'],
    ['29-02-2024', '2024-02-29'],
    ['29/02/2024', '2024-02-29'],
    ['2024-03-05T23:59:59Z', '2024-03-05'],
    ['2024-03-05 10:00:00', '2024-03-05'],
    ['2000-02-29', '2000-02-29'],
  ])('%s → %s', (input, iso) => expect(toIsoDate(input)).toBe(iso));

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-04-31',
    '2024-00-10',
    '32-01-2024',
    '2024-1-5',
    'mañana',
    '',
  ])('%j is not a calendar date', (input) => expect(toIsoDate(input)).toBeNull());

  it('reads a Date by its local calendar day and refuses an invalid one', () => {
    expect(toIsoDate(new Date(2024, 0, 31, 23, 30))).toBe('2024-01-31');
    expect(toIsoDate(new Date('nope'))).toBeNull();
    expect(toIsoDate(20240101)).toBeNull();
  });

  it('formats as DD-MM-YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('05-03-2024');
    expect(formatDate('05/03/2024')).toBe('05-03-2024');
    expect(formatDate('x')).toBe('');
  });
});
