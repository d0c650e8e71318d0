import { describe, expect, it } from 'vitest';
import { rangeDays, rangeProblem, sharePercent, usageQueryOf } from './usage-range.ts';

describe('usage range', () => {
  it('counts a preset back from today, today included', () => {
    expect(rangeDays({ preset: 7 }, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeDays({ preset: 365 }, '2026-03-10')).toEqual({ from: '2025-03-11', to: '2026-03-10' });
  });

  it('takes a custom range only when complete, in order and at most a year long', () => {
    expect(rangeProblem('', '2026-03-01')).toBe('incomplete');
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(rangeProblem('2025-02-28', '2026-03-01')).toBe('too_long');
    expect(rangeProblem('2025-03-01', '2026-03-01')).toBeNull();
    expect(rangeDays({ preset: 'custom', from: '2026-03-02', to: '2026-03-01' }, '2026-03-10')).toBeNull();
  });

  it('adds the project only when one is chosen, and shares round to whole percents', () => {
    expect(usageQueryOf({ from: 'a', to: 'b' }, null)).toEqual({ from: 'a', to: 'b' });
    expect(usageQueryOf({ from: 'a', to: 'b' }, 3)).toEqual({ from: 'a', to: 'b', project_id: 3 });
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
