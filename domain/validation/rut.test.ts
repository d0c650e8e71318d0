import { describe, expect, it } from 'vitest';
import { formatRut, isChile, normalizeRut, rut, rutCheckDigit, rutErrorKey, rutLabelKey } from './rut.ts';

describe('rut (docs/product.md §5: empty allowed, otherwise a valid Chilean RUT)', () => {
  // Check digits worked by hand with the mod-11 series 2..7.
  it('computes the check digit, including K and 0', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('1000005')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it.each([
    '12.345.678-5',
    '12345678-5',
    '123456785',
    '1.000.005-K',
    '1000005-k',
    '1000005k',
    '10.000.004-0',
    ' 12.345.678-5 ',
  ])('%j is valid', (value) => expect(rut(value)).toBeNull());

  it.each([
    '12.345.678-6',
    '12345678-K',
    '1000005-1',
    '12.34.5678-5',
    '123.456.789-2',
    '123456789-2',
    '12-345-678-5',
    'abc',
    '0-0',
    '12.345.678-',
  ])('%j is refused as RUT', (value) => expect(rut(value)).toEqual({ key: 'validation.rut' }));

  it('allows an empty value', () => {
    expect(rut('')).toBeNull();
    expect(rut('   ')).toBeNull();
    expect(rut(null)).toBeNull();
    expect(rut(undefined)).toBeNull();
  });

  it('names the error after the label: RUT in Chile, document elsewhere', () => {
    expect(rut('1-1', 'Chile')).toEqual({ key: 'validation.rut' });
    expect(rut('1-1', 'BR')).toEqual({ key: 'validation.document' });
    expect(rut('1-1', null)).toEqual({ key: 'validation.document' });
  });

  it('normalises to the stored form and formats for display', () => {
    expect(normalizeRut('1.000.005-k')).toBe('1000005-K');
    expect(normalizeRut('012345678-5'.slice(1))).toBe('12345678-5');
    expect(normalizeRut('12345678-4')).toBeNull();
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('1000005k')).toBe('1.000.005-K');
    expect(formatRut('no es rut')).toBe('no es rut');
  });
});

describe('rutLabelKey (docs/product.md §5: RUT only when the country is Chile)', () => {
  it.each(['CL', 'cl', 'Chile', ' chile '])('%j is Chile', (country) => {
    expect(isChile(country)).toBe(true);
    expect(rutLabelKey(country)).toBe('labels.rut');
    expect(rutErrorKey(country)).toBe('validation.rut');
  });
  it.each(['BR', 'Brasil', 'Perú', '', null, undefined])('%j is not Chile', (country) => {
    expect(rutLabelKey(country)).toBe('labels.document');
    expect(rutErrorKey(country)).toBe('validation.document');
  });
});
