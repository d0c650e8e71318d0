import { describe, expect, it } from 'vitest';
import { lagText, levelCounts, msText, percentText, withLevels, worstFirst } from './health-figures.ts';
import { health } from '../test/fixtures.ts';

describe('company health figures', () => {
  const rows = [
    health({ company: { id: 1, name: 'Alfa' }, level: 'ok', error_rate: 0 }),
    health({ company: { id: 2, name: 'Beta' }, level: 'problema', error_rate: 0.08 }),
    health({ company: { id: 3, name: 'Gama' }, level: 'atencion', error_rate: 0.02 }),
    health({ company: { id: 4, name: 'Delta' }, level: 'problema', error_rate: 0.2 }),
  ];

  it('puts the worst first: level, then error rate', () => {
    expect(worstFirst(rows).map((r) => r.company.name)).toEqual(['Delta', 'Beta', 'Gama', 'Alfa']);
  });

  it('filters by the levels picked and counts each level', () => {
    expect(withLevels(rows, ['problema']).map((r) => r.company.id)).toEqual([2, 4]);
    expect(withLevels(rows, [])).toHaveLength(4);
    expect(levelCounts(rows)).toEqual({ ok: 1, atencion: 1, problema: 2 });
  });

  it('prints shares, lag and times readably', () => {
    expect(percentText(0.0234)).toBe('2,3 %');
    expect(percentText(0)).toBe('0 %');
    expect(lagText(45)).toBe('45 s');
    expect(lagText(390)).toBe('6,5 min');
    expect(lagText(7200)).toBe('2 h');
    expect(msText(1234.5)).toBe('1.235 ms');
  });
});
