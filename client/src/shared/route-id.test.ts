import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-id.ts';

describe('parseRouteId: ids from route parameters', () => {
  it('reads positive whole numbers in plain digits', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('31')).toBe(31);
    expect(parseRouteId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['abc', '', '0', '-3', '1.5', '1e3', ' 7', '07', '0x1f', 'NaN', 'Infinity', '9007199254740993', '12abc'])(
    'refuses %j',
    (raw) => {
      expect(parseRouteId(raw)).toBeNull();
    },
  );

  it('refuses a missing parameter', () => {
    expect(parseRouteId(undefined)).toBeNull();
    expect(parseRouteId(null)).toBeNull();
  });
});
