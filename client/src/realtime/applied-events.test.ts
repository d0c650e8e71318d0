import { describe, expect, it } from 'vitest';
import { createAppliedEvents } from './applied-events.ts';

describe('applied live events (docs/architecture.md §5: a client ignores an event id it has applied)', () => {
  it('says yes once per id, keeps the highest id, and forgets only beyond its window', () => {
    const applied = createAppliedEvents(3);
    expect([5, 5, 3, 7, 3].map((id) => applied.add(id))).toEqual([true, false, true, true, false]);
    expect(applied.lastId).toBe(7);
    expect(applied.add(8)).toBe(true); // window full: 5 is forgotten, 3, 7 and 8 are not
    expect(applied.add(3)).toBe(false);
    expect(applied.add(5)).toBe(true);
  });
});
