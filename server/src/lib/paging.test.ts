import { describe, expect, it } from 'vitest';
import { sortedPageQuery, sortOf } from './paging.ts';

describe('sort keys (docs/product.md §3 sortBy)', () => {
  const sorts = { name: 'n', created_at: 'c' };
  it('are looked up as own properties only', () => {
    expect(sortOf(sorts, 'name', 'fallback')).toBe('n');
    expect(sortOf(sorts, undefined, 'fallback')).toBe('fallback');
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(sortOf(sorts, key, 'fallback')).toBe('fallback');
  });
  it('outside the list of a sortable list are refused', () => {
    const query = sortedPageQuery(['name', 'created_at']);
    expect(query.parse({ sortBy: 'created_at' }).sortBy).toBe('created_at');
    for (const key of ['__proto__', 'constructor', 'nope'])
      expect(query.safeParse({ sortBy: key }).success).toBe(false);
  });
});
