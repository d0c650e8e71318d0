import { describe, expect, it } from 'vitest';
import { foldText } from './search.ts';

describe('foldText (docs/product.md §9 search input)', () => {
  it('drops case, accents and surrounding spaces', () => {
    expect(foldText('  Mirador de Reñaca ')).toBe('mirador de renaca');
    expect(foldText('MATÍAS Pérez')).toBe('matias perez');
    expect(foldText('São Paulo, Ñuñoa')).toBe('sao paulo, nunoa');
  });
});
