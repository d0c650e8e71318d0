import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that z.toJSONSchema writes for our request schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

/** A request schema as JSON Schema, on its input side (what a client sends); unrepresentable parts accept anything. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'ref',
    }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Values that have broken servers, whatever the field: NUL, prototype keys, huge and odd strings, wrong types. */
export const NASTY: unknown[] = [
  '\u0000',
  'a\u0000b',
  99999999999,
  2147483648,
  1e30,
  -1,
  1.5,
  0,
  '99999999999',
  '1e30',
  '-1',
  '1.5',
  '__proto__',
  'constructor',
  'toString',
  '',
  '   ',
  'x'.repeat(100_000),
  '9'.repeat(400),
  '\ud800',
  '😀'.repeat(300),
  '‮evil',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'Europe/Nowhere',
  'NaN',
  'Infinity',
  true,
  false,
  null,
  {},
  [],
  [null],
  [1e30],
  { __proto__: null, a: 1 },
  { constructor: { prototype: { x: 1 } } },
];
/** Bigger than the API's JSON limit on its own: answered 413. */
export const HUGE = 'x'.repeat(1024 * 1024 + 16);

/** Edge values of the same kind as a field's value: a date gets dates that do not exist or overflow, a number ints beyond int4. */
const EDGES: [(v: unknown) => boolean, unknown[]][] = [
  [
    (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v),
    [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:45:00Z',
      '2030-02-31T10:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2030-01-01T00:00:00+14:00',
      '2030-01-01T10:07:00Z',
      '2030-01-01T25:00:00Z',
      '2030-01-01T10:00:00',
    ],
  ],
  [
    (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
    ['0000-01-01', '0001-01-01', '9999-12-31', '2030-02-31', '1899-12-31', '3000-01-01', '2030-1-1', '31-12-2030'],
  ],
  [
    (v) => typeof v === 'number',
    [99999999999, 2147483648, 2147483647, 1e30, -1, 1.5, 0, -2147483649, Number.MAX_SAFE_INTEGER, 1e-7, '1'],
  ],
  [(v) => typeof v === 'string', ['\u0000', 'a\u0000b', 'x'.repeat(100_000), '😀'.repeat(300), ' ', '__proto__']],
  [(v) => Array.isArray(v), [[], Array.from({ length: 60 }, (_, i) => i + 1), [null], [{}], [[1]]]],
];

/**
 * A copy of `value` with one field (chosen by `at`) replaced: by an edge of its own kind, by a value
 * that breaks servers, by itself wrapped in an array, or by a string over the body limit.
 */
export function mutate(value: unknown, at: number, pick: number, how: number): unknown {
  const paths = leafPaths(value).filter((p) => p.length > 0);
  const path = paths.length ? paths[at % paths.length] : ['id'];
  const original = path.reduce<any>((node, key) => node?.[key], value);
  const edges = EDGES.find(([is]) => is(original))?.[1];
  const choice = how % 16;
  const bad =
    choice < 8 && edges
      ? edges[pick % edges.length]
      : choice < 14
        ? NASTY[pick % NASTY.length]
        : choice < 15
          ? [original ?? pick]
          : HUGE;
  return replaceAt(paths.length ? value : {}, path, bad);
}

/** Path segments that are not ids, or ids no row can have. */
export const PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '99999999999',
  '2147483648',
  '9999999999',
  '1e30',
  '0x10',
  '%00',
  'a%00',
  '%2e%2e',
  '__proto__',
  'constructor',
  'abc',
  '%C0%AE',
  '%E0%A4%A',
  '9'.repeat(400),
  '%F0%9F%98%80',
  '%20',
  'null',
  'undefined',
  '1;DROP%20TABLE%20x',
  '%25',
  '..%2f..%2f',
  'A'.repeat(43),
];

/** Strings that pass common field rules (dates, times, e-mail, RUT, decimals), so more bodies get past validation. */
const PLAUSIBLE = [
  '2030-03-04',
  '2030-03-04T10:15:00.000Z',
  '04-03-2030',
  '10:30',
  '10:30:00',
  'Casa 1',
  'ana@correo.cl',
  'https://example.cl',
  '12.345.678-5',
  '1.234,5',
  '0',
  'propietario',
  'pdf',
  'general',
  'certificate',
  'postventa',
  'es',
  'pt-BR',
];

/** Known-good values for a field, told by its name (the schemas' naming conventions); undefined when the name says nothing. */
export type Hints = (key: string) => fc.Arbitrary<unknown> | undefined;

/**
 * Hints from the demo company's records: `<kind>_id(s)` gets a record of that kind, `*_at` a future
 * quarter hour, dates and ranges a date, durations a multiple of 15, paths an uploaded file.
 */
export function hintsFrom(records: Record<string, number | string | undefined>, userId: number): Hints {
  const idOf = (name: string): number | undefined => {
    const kind = name
      .replace(/_ids?$/, '')
      .replace(/^applicant_/, '')
      .replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    if (['responsible', 'cc', 'user', 'representative'].includes(kind)) return userId;
    const value = records[kind];
    return typeof value === 'number' ? value : undefined;
  };
  return (key) => {
    const id = /_ids?$|^ids$|^cc$/.test(key) ? idOf(key === 'ids' ? 'ticket' : key) : undefined;
    if (id !== undefined) return /_ids$|^ids$|^cc$/.test(key) ? fc.constant([id]) : fc.constant(id);
    if (/_at$/.test(key)) return fc.constantFrom('2031-05-05T13:00:00.000Z', '2031-05-06T09:15:00.000Z');
    if (/(^|_)(date|from|to)$/.test(key)) return fc.constantFrom('2030-03-04', '2030-03-20');
    if (/_minutes$/.test(key)) return fc.constantFrom(15, 60);
    if (/_hours$/.test(key)) return fc.constantFrom(1, 24);
    if (/(^|_)e?mail$/.test(key)) return fc.constant('ana@correo.cl');
    if (/(^|_)paths?$/.test(key) && typeof records.file === 'string')
      return key.endsWith('paths') ? fc.constant([records.file]) : fc.constant(records.file);
    if (key === 'locale') return fc.constantFrom('es', 'pt-BR');
    return undefined;
  };
}

const bounded = (n: number | undefined, fallback: number) => (n === undefined || !Number.isFinite(n) ? fallback : n);

/**
 * Values the schema accepts (mostly): enum members, ints in range (often the samples' real ids),
 * strings of allowed length, and for named fields their hints most of the time.
 */
export function arbitraryOf(
  s: JsonSchema,
  ids: number[],
  hints: Hints = () => undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  const of = (schema: JsonSchema, nextDepth = depth) => arbitraryOf(schema, ids, hints, nextDepth);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => of(a)));
  if (s.allOf?.length) return of(s.allOf[0]);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => of({ ...s, type })));
  switch (types[0]) {
    case 'object': {
      if (depth > 4 || !s.properties) return fc.constant({});
      const model = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => {
          const hint = hints(k);
          return [
            k,
            hint
              ? fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: of(v, depth + 1) })
              : of(v, depth + 1),
          ];
        }),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    case 'array':
      return fc.array(s.items ? of(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(s.maxItems ?? 3, 3), Math.min(s.minItems ?? 0, 3)),
      });
    case 'integer': {
      const min = Math.max(
        bounded(s.minimum, -1000),
        s.exclusiveMinimum === undefined ? -Infinity : s.exclusiveMinimum + 1,
      );
      const max = Math.min(
        bounded(s.maximum, 1_000_000),
        s.exclusiveMaximum === undefined ? Infinity : s.exclusiveMaximum - 1,
        1_000_000,
      );
      // Real ids of the samples and round numbers (durations, hours, positions) pass more rules than random ones.
      const inRange = [...ids, 1, 15, 30, 60, 120].filter((n) => n >= min && n <= max);
      const any = fc.integer({ min: Math.max(min, -1_000_000), max: Math.max(max, min) });
      return inRange.length ? fc.oneof(fc.constantFrom(...inRange), any) : any;
    }
    case 'number':
      return fc.double({
        min: bounded(s.minimum, -1e6),
        max: bounded(s.maximum, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const fits = (v: string) =>
        v.length >= (s.minLength ?? 0) &&
        v.length <= (s.maxLength ?? Infinity) &&
        (!s.pattern || new RegExp(s.pattern).test(v));
      const plausible = PLAUSIBLE.filter(fits);
      let random: fc.Arbitrary<string>;
      try {
        random = s.pattern
          ? fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity))
          : randomString(s);
      } catch {
        random = randomString(s); // a pattern fast-check cannot invert
      }
      return plausible.length
        ? fc.oneof({ weight: 3, arbitrary: random }, { weight: 2, arbitrary: fc.constantFrom(...plausible) })
        : random;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function randomString(s: JsonSchema) {
  const maxLength = Math.min(s.maxLength ?? 40, 40);
  return fc.string({
    minLength: Math.min(s.minLength ?? 0, maxLength),
    maxLength,
    unit: fc.constantFrom('a', 'ñ', ' ', '1', '-', 'Z', '.', '/', 'ç', '😀'),
  });
}

/** Every place a value sits in a JSON value, as key paths (the root is []). */
export function leafPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => leafPaths(v, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  return out;
}

/** A copy of `value` with the value at `path` replaced (the root itself when the path is empty). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaceAt(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/** A query string value as a client sends it (docs/product.md §7: arrays as comma lists, nulls omitted). */
export function queryValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
