import { describe, expect, it } from 'vitest';
import { unitTypeSchema } from '#domain/schemas/deliveries';
import { typeInput } from './unit-types-section.tsx';

const parse = (name: string, surface = '') =>
  unitTypeSchema.safeParse(typeInput({ name, category: 'departamento', surface }));

// docs/product.md §5 "Unit type name is 1 to 49 characters. Surface is 0 to 99999.99" (comma accepted as decimal separator).
describe('unit type form rules (docs/product.md §5, §9)', () => {
  it('name of 1 to 49 characters', () => {
    expect(parse('A').success).toBe(true);
    expect(parse('x'.repeat(49)).success).toBe(true);
    expect(parse('x'.repeat(50)).success).toBe(false);
    expect(parse('   ').success).toBe(false);
  });

  it('surface optional, 0 to 99999.99, typed with a comma', () => {
    expect(parse('Depto', '').success).toBe(true);
    const ok = parse('Depto', '61,85');
    expect(ok.success && ok.data.surface).toBe(61.85);
    expect(parse('Depto', '99999,99').success).toBe(true);
    expect(parse('Depto', '100000').success).toBe(false);
    expect(parse('Depto', '-1').success).toBe(false);
  });
});
