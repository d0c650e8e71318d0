import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { idParam, nulFields, queryNulFields } from './validate.ts';

describe('idParam (a numeric path parameter)', () => {
  it('reads ids a row can have', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam('2147483647')).toBe(2_147_483_647);
  });
  it.each([undefined, '', '0', '-1', '1.5', '1e3', '0x10', ' 1', '2147483648', '9999999999', '99999999999', 'abc'])(
    '%j is a 404',
    (value) => {
      expect(() => idParam(value)).toThrow(ApiError);
      try {
        idParam(value);
      } catch (error) {
        expect((error as ApiError).status).toBe(404);
      }
    },
  );
});

describe('nulFields (PostgreSQL text cannot hold U+0000, nor jsonb a lone surrogate)', () => {
  it('names each field holding a NUL, and the object of a key holding one', () => {
    expect(nulFields({ a: 'ok', b: 'x\u0000', c: [{ d: '\u0000' }], 'k\u0000': 1 })).toEqual([
      { field: '_', key: 'validation.invalid_characters' },
      { field: 'b', key: 'validation.invalid_characters' },
      { field: 'c.0.d', key: 'validation.invalid_characters' },
    ]);
    expect(nulFields({ a: 1, b: [true, null, 'fine'] })).toEqual([]);
  });
  it('also refuses half a surrogate pair, which jsonb cannot store, and keeps whole ones', () => {
    const body = JSON.parse('{"a":"\\ud800","b":"x\\udc00y","c":"😀 ok","d":"\\ud83d\\ude00"}');
    expect(nulFields(body).map((e) => e.field)).toEqual(['a', 'b']);
  });
  it('walks any depth JSON.parse accepts without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(nulFields(deep)).toHaveLength(1);
  });
  it('in a query string, by parameter', () => {
    expect(queryNulFields('http://x/y?search=a%00&ok=1&%00k=2')).toEqual([
      { field: 'search', key: 'validation.invalid_characters' },
      { field: 'k', key: 'validation.invalid_characters' },
    ]);
  });
});
