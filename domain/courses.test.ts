import { describe, expect, it } from 'vitest';
import { coursePeriod, courseDeadline, COURSE_STATES } from './courses.ts';

describe('course deadlines (docs/product.md §9: 15 working days on the country calendar)', () => {
  it('counts 15 working days after the day, skipping weekends and Chilean holidays', () => {
    // Monday 7 January 2030 → Monday 28 January 2030 (no holiday between).
    expect(courseDeadline('2030-01-07', 'CL')).toBe('2030-01-28');
    // Across 18–20 September 2030 (the 20th is the Friday bridge of Ley 20.215).
    expect(courseDeadline('2030-09-16', 'CL')).toBe('2030-10-10');
    // A country without a holiday calendar here counts Monday to Friday.
    expect(courseDeadline('2030-09-16', 'BR')).toBe('2030-10-07');
  });

  it('names the period of each state', () => {
    expect(COURSE_STATES.map(coursePeriod)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
  });
});
