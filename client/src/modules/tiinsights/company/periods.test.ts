import { describe, expect, it } from 'vitest';
import { PERIOD_PATTERN } from '#domain/billing';
import { lastMonthPeriod, recentPeriods, todayIso } from './periods.ts';

describe('invoice periods', () => {
  it('defaults to last month, across a year boundary too', () => {
    expect(lastMonthPeriod(new Date(2026, 11, 3))).toBe('2026-11');
    expect(lastMonthPeriod(new Date(2026, 0, 15))).toBe('2025-12');
    expect(lastMonthPeriod(new Date(2026, 2, 31))).toBe('2026-02');
  });

  it('offers the current month and the ones before it, newest first, all valid periods', () => {
    const periods = recentPeriods(new Date(2026, 1, 10), 4);
    expect(periods).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(recentPeriods(new Date(2026, 1, 10)).every((p) => PERIOD_PATTERN.test(p))).toBe(true);
    expect(recentPeriods(new Date(2026, 1, 10))).toContain(lastMonthPeriod(new Date(2026, 1, 10)));
  });

  it("writes today's day as the API takes it", () => {
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
