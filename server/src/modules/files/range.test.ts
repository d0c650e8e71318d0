import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './range.ts';

describe('parseRange (docs/decisions.md, Files: Range requests for large files)', () => {
  it('reads one range in its three forms', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });
  it('sends the whole file for no header, several ranges or another unit', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
  });
  it('answers unsatisfiable past the end or backwards', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=abc', 1000)).toBe('unsatisfiable');
  });
});

describe('contentDisposition (docs/decisions.md, Files: the download name)', () => {
  it('keeps an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Acta "final" ñandú.pdf')).toBe(
      `attachment; filename="Acta _final_ nandu.pdf"; filename*=UTF-8''Acta%20%22final%22%20%C3%B1and%C3%BA.pdf`,
    );
  });
});
