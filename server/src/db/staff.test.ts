import { describe, expect, it } from 'vitest';
import { acronymOf } from './staff.ts';

describe('acronymOf (docs/product.md §3 User option initials)', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(acronymOf({ firstName: 'ana', lastName: 'Pérez' })).toBe('AP');
    expect(acronymOf({ firstName: 'Ñandú', lastName: '' })).toBe('Ñ');
  });

  it('keeps a name that starts outside the basic plane whole: half a surrogate pair cannot be stored in JSONB', () => {
    const initials = acronymOf({ firstName: '😀/ççZ', lastName: '10:30:00' });
    expect(initials).toBe('😀1');
    expect(initials).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
