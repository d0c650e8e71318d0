import { describe, expect, it } from 'vitest';
import { gridMinWidth } from './activity-table.tsx';

describe('the activity grid’s narrowest width', () => {
  it('adds the columns’ px (a minmax’s minimum), the gaps, the padding and the scrollbar', () => {
    // 82 + 260 + 40 columns, 2 gaps of 8, 16 of padding, 16 for the scrollbar.
    expect(gridMinWidth(['82px', 'minmax(260px, 3fr)', '40px'])).toBe(382 + 16 + 16 + 16);
  });
});
