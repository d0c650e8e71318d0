import { describe, expect, it } from 'vitest';
import { activity } from '../test/bim-fixtures.ts';
import {
  NOT_STARTED_COLOR,
  PLAN_COLORS,
  actualProgressOn,
  planColors,
  planRange,
  planStateOn,
  progressColor,
  progressColors,
} from './colouring.ts';

const TODAY = '2026-11-16';

describe('colouring the model by its activities', () => {
  it('runs the progress gradient from red through amber to green', () => {
    expect(progressColor(0)).toBe('#dc2626');
    expect(progressColor(50)).toBe('#f59e0b');
    expect(progressColor(100)).toBe('#16a34a');
    expect(progressColor(140)).toBe('#16a34a');
  });

  it("colours each linked element by its activities' mean progress, grey when none started", () => {
    const rows = [
      activity(1, { progress: 100, actual_start: '2026-11-02' }),
      activity(2, { progress: 0 }),
      activity(3, { progress: 0 }),
    ];
    const colors = progressColors(
      [
        { activity_id: 1, global_id: 'a' },
        { activity_id: 2, global_id: 'a' },
        { activity_id: 3, global_id: 'b' },
        { activity_id: 99, global_id: 'c' },
      ],
      rows,
    );
    expect(colors.get('a')).toBe(progressColor(50));
    expect(colors.get('b')).toBe(NOT_STARTED_COLOR);
    expect(colors.has('c')).toBe(false);
  });

  it('reads actual progress on a day from the actual dates and today’s progress', () => {
    const a = activity(1, { actual_start: '2026-11-06', progress: 50 });
    expect(actualProgressOn('2026-11-05', a, TODAY)).toBe(0);
    expect(actualProgressOn('2026-11-11', a, TODAY)).toBe(25);
    expect(actualProgressOn(TODAY, a, TODAY)).toBe(50);
    expect(actualProgressOn('2026-12-20', a, TODAY)).toBe(50);
    const done = activity(2, { actual_start: '2026-11-01', actual_end: '2026-11-11', progress: 100 });
    expect(actualProgressOn('2026-11-06', done, TODAY)).toBe(50);
    expect(actualProgressOn('2026-11-11', done, TODAY)).toBe(100);
  });

  it('tells ahead, on plan, behind, not started, done and unplanned apart on a day', () => {
    // Planned: linear over November (1 → 30).
    const behind = activity(1, { actual_start: '2026-11-01', progress: 10 });
    const onPlan = activity(2, { actual_start: '2026-11-01', progress: 52 });
    const ahead = activity(3, { actual_start: '2026-11-01', progress: 90 });
    const later = activity(4, { estimated_start: '2026-12-01', estimated_end: '2026-12-31' });
    const done = activity(5, { actual_start: '2026-11-01', actual_end: '2026-11-10', progress: 100 });
    const unplanned = activity(6, { estimated_start: null, estimated_end: null });
    expect(planStateOn(TODAY, behind, TODAY)).toBe('behind');
    expect(planStateOn(TODAY, onPlan, TODAY)).toBe('on_plan');
    expect(planStateOn(TODAY, ahead, TODAY)).toBe('ahead');
    expect(planStateOn(TODAY, later, TODAY)).toBe('not_started');
    expect(planStateOn('2026-12-15', later, TODAY)).toBe('behind');
    expect(planStateOn(TODAY, done, TODAY)).toBe('done');
    expect(planStateOn(TODAY, unplanned, TODAY)).toBe('unplanned');
    // Before anything was planned or done, the behind one was simply not started.
    expect(planStateOn('2026-10-20', behind, TODAY)).toBe('not_started');
  });

  it('counts elements per state, an element of several activities taking the most pressing one', () => {
    const rows = [
      activity(1, { actual_start: '2026-11-01', progress: 10 }),
      activity(2, { actual_start: '2026-11-01', actual_end: '2026-11-10', progress: 100 }),
    ];
    const { colors, counts } = planColors(
      [
        { activity_id: 1, global_id: 'a' },
        { activity_id: 2, global_id: 'a' },
        { activity_id: 2, global_id: 'b' },
      ],
      rows,
      TODAY,
      TODAY,
    );
    expect(colors.get('a')).toBe(PLAN_COLORS.behind);
    expect(colors.get('b')).toBe(PLAN_COLORS.done);
    expect(counts).toMatchObject({ behind: 1, done: 1, ahead: 0, on_plan: 0 });
  });

  it('spans the slider over every date of the schedule and today', () => {
    expect(planRange([activity(1), activity(2, { actual_end: '2026-12-05' })], '2026-10-01')).toEqual({
      from: '2026-10-01',
      to: '2026-12-05',
    });
  });
});
