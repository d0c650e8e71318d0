import { describe, expect, it } from 'vitest';
import { fichaListQuerySchema } from '#domain/schemas/deliveries';
import { activeFilters, EMPTY_FILTERS, toQuery } from './fichas-filters.tsx';

describe('fichas date filters → query (docs/product.md §2 scheduled and delivered dates)', () => {
  it('sends open and closed ranges as they are', () => {
    const q = toQuery({
      ...EMPTY_FILTERS,
      scheduled_from: '2026-01-01',
      delivered_from: '2026-02-01',
      delivered_to: '2026-02-28',
    });
    expect(q).toMatchObject({
      scheduled_from: '2026-01-01',
      scheduled_to: undefined,
      delivered_from: '2026-02-01',
      delivered_to: '2026-02-28',
    });
    expect(fichaListQuerySchema.safeParse({ ...q, project_id: 3 }).success).toBe(true);
  });

  it('leaves out a range that ends before it starts instead of getting a 422', () => {
    const f = { ...EMPTY_FILTERS, scheduled_from: '2026-03-10', scheduled_to: '2026-03-01' };
    const q = toQuery(f);
    expect(q.scheduled_from).toBeUndefined();
    expect(q.scheduled_to).toBeUndefined();
    expect(activeFilters(f)).toBe(0);
  });
});
