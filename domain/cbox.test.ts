import { describe, expect, it } from 'vitest';
import { CBOX_LIMITS, keepBothName, mayGrant, normalizeLevels } from './cbox.ts';

describe('Cbox names and levels (domain/cbox.ts)', () => {
  it('keeps both by numbering before the extension, or at the end of a folder name', () => {
    const taken = new Set(['plano (1).pdf']);
    const isTaken = (n: string) => taken.has(n.toLowerCase());
    expect(keepBothName('Plano.pdf', isTaken)).toBe('Plano (2).pdf');
    expect(keepBothName('Obra 2024.01', () => false, { extension: false })).toBe('Obra 2024.01 (1)');
  });

  it('cuts the base so a kept name stays within the maximum', () => {
    const long = `${'a'.repeat(CBOX_LIMITS.fileNameMax - 4)}.pdf`;
    const kept = keepBothName(long, () => false);
    expect(kept.length).toBeLessThanOrEqual(CBOX_LIMITS.fileNameMax);
    expect(kept.endsWith(' (1).pdf')).toBe(true);
  });

  it('always includes can-download, and a sharer grants only what they hold', () => {
    expect(normalizeLevels(['can-share'])).toEqual(['can-download', 'can-share']);
    expect(mayGrant(['can-download', 'can-share'], ['can-download', 'can-share'])).toBe(true);
    expect(mayGrant(['can-download', 'can-share'], ['can-download', 'can-edit'])).toBe(false);
    expect(mayGrant(['can-download', 'can-edit'], ['can-download'])).toBe(false);
  });
});
