import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateOrder,
  dateString,
  decimal,
  email,
  id,
  idList,
  isoDate,
  optionalText,
  requiredText,
  rut,
  sameAs,
  timeString,
  url,
} from './common.ts';

/** The first issue's locale key and params, as server/src/lib/validate.ts turns it into a 422 field error. */
function firstIssue(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0] as z.core.$ZodIssue & {
    params?: Record<string, unknown>;
    minimum?: number;
    maximum?: number;
  };
  return { key: issue.message, path: issue.path, params: issue.params, minimum: issue.minimum, maximum: issue.maximum };
}
const keyOf = (schema: z.ZodType, input: unknown) => firstIssue(schema, input)?.key ?? null;

describe('requiredText (docs/product.md §5 required, lengths, no double spaces, no special characters)', () => {
  const name = requiredText({ max: 49, noDoubleSpaces: true });
  it('trims and requires a character', () => {
    expect(name.parse('  Casa A  ')).toBe('Casa A');
    expect(keyOf(name, '   ')).toBe('validation.required');
    expect(keyOf(name, undefined)).toBe('validation.required');
    expect(keyOf(name, null)).toBe('validation.required');
  });
  it('reports max length with its bound (docs/product.md §9 unit type name under 50)', () => {
    expect(firstIssue(name, 'x'.repeat(50))).toMatchObject({ key: 'validation.max_length', maximum: 49 });
  });
  it('reports min length with its bound', () => {
    expect(firstIssue(requiredText({ min: 3 }), 'ab')).toMatchObject({ key: 'validation.min_length', minimum: 3 });
  });
  it('refuses two consecutive spaces and special characters when asked', () => {
    expect(keyOf(name, 'Jefe  de obra')).toBe('validation.no_double_spaces');
    expect(keyOf(requiredText(), 'Jefe  de obra')).toBeNull();
    expect(keyOf(requiredText({ noSpecialChars: true }), 'Depto #5')).toBe('validation.no_special_chars');
  });
});

describe('optionalText', () => {
  const note = optionalText({ max: 5 });
  it("maps '' and null to null, keeps undefined (not sent)", () => {
    expect(note.parse('')).toBeNull();
    expect(note.parse('   ')).toBeNull();
    expect(note.parse(null)).toBeNull();
    expect(note.parse(undefined)).toBeUndefined();
    expect(note.parse(' hola ')).toBe('hola');
  });
  it('checks length and type', () => {
    expect(keyOf(note, '123456')).toBe('validation.max_length');
    expect(keyOf(note, 12)).toBe('validation.invalid');
  });
});

describe('email (docs/product.md §5 valid, without ñ)', () => {
  it('normalises and refuses with the rule keys', () => {
    expect(email().parse(' Ana@Empresa.CL ')).toBe('ana@empresa.cl');
    expect(keyOf(email(), 'peña@empresa.cl')).toBe('validation.email_no_enie');
    expect(keyOf(email(), 'ana@empresa')).toBe('validation.email');
    expect(keyOf(email(), '')).toBe('validation.required');
  });
  it('may be optional', () => {
    expect(email({ required: false }).parse('')).toBeNull();
    expect(keyOf(email({ required: false }), 'x')).toBe('validation.email');
  });
});

describe('rut (docs/product.md §5 empty allowed, otherwise a valid RUT)', () => {
  it('allows empty, stores the canonical form, and names the error by country', () => {
    expect(rut().parse('')).toBeNull();
    expect(rut().parse(undefined)).toBeUndefined();
    expect(rut().parse('12.345.678-5')).toBe('12345678-5');
    expect(rut().parse('1.000.005-k')).toBe('1000005-K');
    expect(keyOf(rut(), '12.345.678-6')).toBe('validation.rut');
    expect(keyOf(rut({ country: 'BR' }), '12.345.678-6')).toBe('validation.document');
    expect(keyOf(rut({ required: true }), '')).toBe('validation.required');
  });
});

describe('dateString and timeString (docs/product.md §5 date and time)', () => {
  it('normalises dates to YYYY-MM-DD and refuses impossible ones', () => {
    expect(dateString().parse('05/03/2024')).toBe('2024-03-05');
    expect(dateString().parse('2024-03-05T12:00:00Z')).toBe('2024-03-05');
    expect(keyOf(dateString(), '2023-02-29')).toBe('validation.date');
    expect(keyOf(dateString(), '')).toBe('validation.required');
    expect(dateString({ required: false }).parse('')).toBeNull();
  });
  it('normalises times to HH:mm:ss', () => {
    expect(timeString().parse('08:30')).toBe('08:30:00');
    expect(keyOf(timeString(), '24:00')).toBe('validation.time');
    expect(timeString({ required: false }).parse(null)).toBeNull();
  });
  it('dateOrder flags an end before its start on the end field (docs/product.md §5 dates in order)', () => {
    const range = z.object({ start: dateString(), end: dateString() }).superRefine(dateOrder('start', 'end'));
    expect(firstIssue(range, { start: '2024-03-05', end: '04-03-2024' })).toMatchObject({
      key: 'validation.date_after_or_equal',
      path: ['end'],
      params: { date: '05-03-2024' },
    });
    expect(range.parse({ start: '2024-03-05', end: '05/03/2024' })).toEqual({ start: '2024-03-05', end: '2024-03-05' });
    const strict = z.object({ start: dateString(), end: dateString() }).superRefine(dateOrder('start', 'end', false));
    expect(firstIssue(strict, { start: '2024-03-05', end: '2024-03-05' })).toMatchObject({
      key: 'validation.date_after',
    });
  });
});

describe('url', () => {
  it('accepts http(s) and refuses the rest', () => {
    expect(url().parse(' https://hooks.empresa.cl/x ')).toBe('https://hooks.empresa.cl/x');
    expect(keyOf(url(), 'ftp://x.cl')).toBe('validation.url');
    expect(url({ required: false }).parse('')).toBeNull();
  });
});

describe('decimal (docs/product.md §5 min/max value with comma, at most one decimal)', () => {
  const surface = decimal({ min: 0, max: 99999.99, decimals: 2 });
  it('reads numbers and es-CL text', () => {
    expect(surface.parse('99.999,99')).toBe(99999.99);
    expect(surface.parse('10,5')).toBe(10.5);
    expect(surface.parse(42)).toBe(42);
  });
  it('reports bounds with es-CL params', () => {
    expect(firstIssue(surface, '100.000')).toMatchObject({ key: 'validation.max_value', params: { max: '99.999,99' } });
    expect(firstIssue(surface, -1)).toMatchObject({ key: 'validation.min_value', params: { min: '0' } });
    expect(firstIssue(surface, '1,555')).toMatchObject({ key: 'validation.max_decimals', params: { max: 2 } });
  });
  it('asks for a whole number when no decimals are allowed', () => {
    expect(keyOf(decimal({ decimals: 0 }), '2,5')).toBe('validation.whole_number');
    expect(decimal({ decimals: 0 }).parse('14')).toBe(14);
  });
  it('refuses non-numbers, blanks when required, and a second decimal with oneDecimal', () => {
    expect(keyOf(surface, 'diez')).toBe('validation.number');
    expect(keyOf(surface, true)).toBe('validation.number');
    expect(keyOf(surface, '')).toBe('validation.required');
    expect(keyOf(surface, undefined)).toBe('validation.required');
    expect(keyOf(decimal({ oneDecimal: true }), '10,55')).toBe('validation.one_decimal');
    expect(decimal({ oneDecimal: true }).parse('10,5')).toBe(10.5);
  });
  it('may be optional', () => {
    const optional = decimal({ required: false, max: 10 });
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(undefined)).toBeUndefined();
    expect(keyOf(optional, '11')).toBe('validation.max_value');
  });
});

describe('id and idList', () => {
  it('coerces positive whole numbers', () => {
    expect(id().parse('42')).toBe(42);
    expect(id().parse(7)).toBe(7);
  });
  it.each([
    ['0', 'validation.invalid'],
    ['-1', 'validation.invalid'],
    ['1.5', 'validation.invalid'],
    ['1e3', 'validation.invalid'],
    ['abc', 'validation.invalid'],
    ['2147483648', 'validation.invalid'],
    ['', 'validation.required'],
    [undefined, 'validation.required'],
  ])('%j → %s', (input, key) => expect(keyOf(id(), input)).toBe(key));
  it('reads comma lists (docs/product.md §7) and caps them at 50 (docs/product.md §9)', () => {
    expect(idList().parse('1,2,3')).toEqual([1, 2, 3]);
    expect(idList().parse(['4', 5])).toEqual([4, 5]);
    expect(idList().parse('')).toEqual([]);
    expect(idList().parse(undefined)).toEqual([]);
    expect(
      firstIssue(
        idList(),
        Array.from({ length: 51 }, (_, i) => i + 1),
      ),
    ).toMatchObject({ key: 'validation.max_items', maximum: 50 });
    expect(firstIssue(idList(), '1,x')).toMatchObject({ key: 'validation.invalid', path: [1] });
    expect(keyOf(idList({ required: true }), '')).toBe('validation.required');
  });
});

describe('isoDate (filters and API date fields; years of DATE_YEARS)', () => {
  it('takes YYYY-MM-DD dates that exist, leap days included, in the years the app handles', () => {
    expect(isoDate().parse('2028-02-29')).toBe('2028-02-29');
    expect(isoDate().parse('1900-01-01')).toBe('1900-01-01');
    expect(isoDate().parse('2999-12-31')).toBe('2999-12-31');
  });
  it.each([
    '2030-02-31',
    '2030-02-29',
    '6882-66-83',
    '2030-13-01',
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '3000-01-01',
    '9999-12-31',
    '2030-1-01',
    '01-02-2030',
    '2030-01-01T00:00:00Z',
    '',
  ])('%j → validation.date (never sent to the database)', (input) =>
    expect(keyOf(isoDate(), input)).toBe('validation.date'),
  );
});

describe("sameAs (docs/product.md §5 password confirmation, 'Valores no coinciden')", () => {
  const schema = z
    .object({ password: z.string(), password_confirmation: z.string() })
    .superRefine(sameAs('password', 'password_confirmation'));
  it('flags the confirmation field', () => {
    expect(firstIssue(schema, { password: 'a', password_confirmation: 'b' })).toMatchObject({
      key: 'validation.same',
      path: ['password_confirmation'],
    });
    expect(schema.safeParse({ password: 'a', password_confirmation: 'a' }).success).toBe(true);
  });
});
