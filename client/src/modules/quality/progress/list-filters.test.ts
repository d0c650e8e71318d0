import { describe, expect, it } from 'vitest';
import { activityParamsOf, valuesOfAttribute, withAttributeValues, withParam } from './list-filters.ts';
import { attribute } from '../test/activities.ts';

const tower = attribute(1, 'Torre', [
  [11, 'A'],
  [12, 'B'],
]);
const floor = attribute(2, 'Piso', [
  [21, '1'],
  [22, '2'],
]);

describe('activity list filters in the URL', () => {
  it('reads only well-formed values', () => {
    expect(activityParamsOf(new URLSearchParams('q=%20losa%20&values=11,x,22,11'))).toEqual({
      q: 'losa',
      values: '11,22',
    });
    expect(activityParamsOf(new URLSearchParams('values=&q='))).toEqual({});
  });

  it('one attribute’s choice replaces only its own values', () => {
    const url = new URLSearchParams('values=11,21&q=losa');
    const next = withAttributeValues(url, tower, ['12']);
    expect(next.toString()).toBe('values=21%2C12&q=losa');
    expect(valuesOfAttribute(tower, ['21', '12'])).toEqual(['12']);
    expect(valuesOfAttribute(floor, ['21', '12'])).toEqual(['21']);
    expect(withAttributeValues(new URLSearchParams('values=11'), tower, []).toString()).toBe('');
    expect(withParam(url, 'q', '').toString()).toBe('values=11%2C21');
  });
});
