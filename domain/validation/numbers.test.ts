import { describe, expect, it } from 'vitest';
import { UNIT_TYPE_SURFACE_MAX, UPLOAD } from '../limits.ts';
import { fileSize, maxDecimals, maxValue, minValue, numeric, oneDecimal } from './numbers.ts';

describe('minValue / maxValue (docs/product.md §5: comma accepted as decimal separator)', () => {
  it('reads "10,5" as ten and a half', () => {
    expect(minValue('10,5', 10.5)).toBeNull();
    expect(minValue('10,4', 10.5)).toEqual({ key: 'validation.min_value', params: { min: '10,5' } });
    expect(maxValue('10,5', 10)).toEqual({ key: 'validation.max_value', params: { max: '10' } });
  });

  it('checks unit type surface 0 to 99999,99 (docs/product.md §5) and shows the limit in es-CL', () => {
    expect(maxValue('99.999,99', UNIT_TYPE_SURFACE_MAX)).toBeNull();
    expect(maxValue(100000, UNIT_TYPE_SURFACE_MAX)).toEqual({
      key: 'validation.max_value',
      params: { max: '99.999,99' },
    });
    expect(minValue(-0.01, 0)).toEqual({ key: 'validation.min_value', params: { min: '0' } });
    expect(minValue(0, 0)).toBeNull();
  });

  it('reports text that is not a number and skips absent values', () => {
    expect(minValue('diez', 1)).toEqual({ key: 'validation.number' });
    expect(maxValue('', 1)).toBeNull();
    expect(numeric('1.234,5')).toBeNull();
    expect(numeric('1,2,3')).toEqual({ key: 'validation.number' });
    expect(numeric(null)).toBeNull();
  });
});

describe('oneDecimal (docs/product.md §5 "numbers allow at most one decimal")', () => {
  it.each(['10', '10,5', '1.234,5', 10.5, 3, '10.5'])('%j is accepted', (v) => expect(oneDecimal(v)).toBeNull());
  it.each(['10,55', 10.25, '0,05'])('%j is refused', (v) =>
    expect(oneDecimal(v)).toEqual({ key: 'validation.one_decimal' }),
  );
  it('reports non-numbers as such', () => expect(oneDecimal('abc')).toEqual({ key: 'validation.number' }));
});

describe('maxDecimals', () => {
  it('allows up to the given digits', () => {
    expect(maxDecimals('99.999,99', 2)).toBeNull();
    expect(maxDecimals('1,999', 2)).toEqual({ key: 'validation.max_decimals', params: { max: 2 } });
  });
});

describe('fileSize (docs/product.md §5 per-file maximum; docs/product.md §9 limits)', () => {
  it('accepts files up to the limit and names the limit in the message', () => {
    expect(fileSize(UPLOAD.generalMaxBytes, UPLOAD.generalMaxBytes)).toBeNull();
    expect(fileSize(UPLOAD.generalMaxBytes + 1, UPLOAD.generalMaxBytes)).toEqual({
      key: 'validation.file_size',
      params: { size: '20 MB' },
    });
    expect(fileSize({ size: 300 * 1024 * 1024 }, UPLOAD.libraryMaxBytes)).toEqual({
      key: 'validation.file_size',
      params: { size: '250 MB' },
    });
    expect(fileSize({ size: 10 }, UPLOAD.uploaderDefaultMaxBytes)).toBeNull();
    expect(fileSize(null, 1)).toBeNull();
  });
});
