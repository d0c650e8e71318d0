import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit.ts';

describe('auditChanges (docs/product.md#audit-log: before and after, field by field)', () => {
  it('lists every field of a creation and of a deletion', () => {
    expect(auditChanges(null, { name: 'Curso', is_active: true })).toEqual([
      { field: 'name', before: null, after: 'Curso' },
      { field: 'is_active', before: null, after: true },
    ]);
    expect(auditChanges({ name: 'Curso' }, null)).toEqual([{ field: 'name', before: 'Curso', after: null }]);
  });

  it('lists only the fields an update changed, structures compared by value', () => {
    expect(
      auditChanges(
        { name: 'A', tags: [1, 2], end: null, kept: 'x' },
        { name: 'B', tags: [1, 2], end: '2030-01-01', kept: 'x' },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'end', before: null, after: '2030-01-01' },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
