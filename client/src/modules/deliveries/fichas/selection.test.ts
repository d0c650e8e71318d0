import { describe, expect, it } from 'vitest';
import { selectPage, toggleUnit } from './selection.ts';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

// docs/product.md §5 "Bulk or owner filters are at most 50 records"; §9 "selection and bulk filter maximum 50".
describe('fichas bulk selection cap (docs/product.md §5, §9: at most 50)', () => {
  it('toggles a unit in and out', () => {
    expect(toggleUnit([], 7)).toEqual({ selected: [7], refused: false });
    expect(toggleUnit([7, 8], 7)).toEqual({ selected: [8], refused: false });
  });

  it('refuses the 51st unit and keeps the 50 already chosen', () => {
    const full = ids(50);
    const r = toggleUnit(full, 99);
    expect(r.refused).toBe(true);
    expect(r.selected).toHaveLength(50);
    expect(r.selected).not.toContain(99);
  });

  it('selecting a page of 50 on top of 10 adds only 40 and says so', () => {
    const r = selectPage(ids(10, 1000), ids(50));
    expect(r.selected).toHaveLength(50);
    expect(r.refused).toBe(true);
    expect(r.selected.slice(10)).toEqual(ids(40));
  });

  it('a page already selected changes nothing', () => {
    expect(selectPage(ids(5), ids(5))).toEqual({ selected: ids(5), refused: false });
  });
});
