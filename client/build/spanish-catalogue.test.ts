import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json' with { type: 'json' };
import { FIRST_LOAD_PREFIXES, splitCatalogue } from './spanish-catalogue.ts';

describe('splitCatalogue', () => {
  const all = { a: { x: '1', y: { z: '2', w: '3' } }, b: 'B', c: { d: 'D' } };

  it('keeps whole top-level keys and dotted paths in the first part, the rest in the other', () => {
    const { core, rest } = splitCatalogue(all, ['b', 'a.y.z']);
    expect(core).toEqual({ a: { y: { z: '2' } }, b: 'B' });
    expect(rest).toEqual({ a: { x: '1', y: { w: '3' } }, c: { d: 'D' } });
  });

  it('loses no key of the real catalogue: both parts merged deeply give es.json back', () => {
    const { core, rest } = splitCatalogue(es, FIRST_LOAD_PREFIXES);
    const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
      const out: Record<string, unknown> = { ...a };
      for (const [k, v] of Object.entries(b)) {
        out[k] =
          typeof v === 'object' && typeof out[k] === 'object'
            ? merge(out[k] as Record<string, unknown>, v as Record<string, unknown>)
            : v;
      }
      return out;
    };
    expect(merge(core, rest)).toEqual(es);
    expect(Object.keys(core)).toContain('notifications');
    expect(Object.keys((core as { notifications: object }).notifications).sort()).toEqual(['bell', 'received']);
  });
});
