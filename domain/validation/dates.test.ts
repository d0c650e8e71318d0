import { describe, expect, it } from 'vitest';
import { date, dateAfter, dateBefore, time, toIsoTime } from './dates.ts';

describe('date (docs/product.md §5: first 10 chars, "/" as "-", a real date)', () => {
  it.each(['2024-02-29', '2024/02/29', '29-02-2024', '29/02/2024', '2024-02-29T10:00:00.000Z'])('%j is valid', (v) => {
    expect(date(v)).toBeNull();
  });
  it.each(['2023-02-29', '31-04-2024', '2024-13-01', 'hoy', 20240101])('%j is invalid', (v) => {
    expect(date(v)).toEqual({ key: 'validation.date' });
  });
  it('leaves absent values to required', () => expect(date('')).toBeNull());
});

describe('dateBefore / dateAfter (docs/product.md §5: inclusive or not)', () => {
  it('dateBefore is strict unless inclusive, and shows the limit as DD-MM-YYYY', () => {
    expect(dateBefore('2024-03-04', '2024-03-05')).toBeNull();
    expect(dateBefore('2024-03-05', '2024-03-05')).toEqual({
      key: 'validation.date_before',
      params: { date: '05-03-2024' },
    });
    expect(dateBefore('2024-03-05', '05/03/2024', true)).toBeNull();
    expect(dateBefore('2024-03-06', '2024-03-05', true)).toEqual({
      key: 'validation.date_before_or_equal',
      params: { date: '05-03-2024' },
    });
  });

  it('dateAfter is strict unless inclusive', () => {
    expect(dateAfter('2024-03-06', '2024-03-05')).toBeNull();
    expect(dateAfter('05-03-2024', '2024-03-05')).toEqual({
      key: 'validation.date_after',
      params: { date: '05-03-2024' },
    });
    expect(dateAfter('2024-03-05', '2024-03-05', true)).toBeNull();
    expect(dateAfter('2024-03-04', '2024-03-05', true)).toEqual({
      key: 'validation.date_after_or_equal',
      params: { date: '05-03-2024' },
    });
  });

  it('compares across years and formats, by calendar day (the time part is ignored)', () => {
    expect(dateBefore('31/12/2023', '2024-01-01')).toBeNull();
    expect(dateAfter('2024-03-05 23:59', '2024-03-05T00:00', true)).toBeNull();
  });

  it('reports an invalid value as a date error and skips the check while the limit is empty', () => {
    expect(dateBefore('2024-02-30', '2024-03-05')).toEqual({ key: 'validation.date' });
    expect(dateAfter('2024-03-05', '')).toBeNull();
    expect(dateAfter('', '2024-03-05')).toBeNull();
  });
});

describe('time (docs/product.md §5 HH:mm:ss 24 h; docs/product.md §9 time picker gives HH:mm)', () => {
  it.each(['00:00:00', '23:59:59', '08:30', '12:45:00'])('%j is valid', (v) => expect(time(v)).toBeNull());
  it.each(['24:00:00', '23:60', '12:00:60', '8:30', '08:30 PM', '0830', 'mediodía', 830])('%j is invalid', (v) => {
    expect(time(v)).toEqual({ key: 'validation.time' });
  });
  it('normalises to HH:mm:ss', () => {
    expect(toIsoTime('08:30')).toBe('08:30:00');
    expect(toIsoTime(' 17:15:05 ')).toBe('17:15:05');
    expect(toIsoTime('25:00')).toBeNull();
  });
});
