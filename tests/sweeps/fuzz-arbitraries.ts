import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that z.toJSONSchema writes for our request schemas. */
export type JsonSchema = {
  type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  enum?: unknown[]; const?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number;
  minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; pattern?: string; format?: string;
};

/** A request schema as JSON Schema, on its input side (what a client sends); unrepresentable parts accept anything. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Values that have broken servers: NUL, ids beyond int4, prototype keys, huge and odd strings, wrong types. */
export const NASTY: unknown[] = [
  '\u0000', 'a\u0000b', 99999999999, 2147483648, 1e30, -1, 1.5, 0, -2147483649, Number.MAX_SAFE_INTEGER, '99999999999', '1e30', '-1', '1.5',
  '__proto__', 'constructor', 'toString', '', '   ', 'x'.repeat(100_000), '9'.repeat(400), '\ud800', '😀'.repeat(300), '‮evil', "' OR 1=1 --",
  '<script>alert(1)</script>', '../../etc/passwd', '%00', '2030-02-31', '0000-00-00', '9999-12-31T99:99:99Z', 'Europe/Nowhere', 'NaN', 'Infinity',
  true, false, null, {}, [], [null], [1e30], { __proto__: null, a: 1 }, { constructor: { prototype: { x: 1 } } },
];
/** Bigger than the API's JSON limit on its own: answered 413. */
export const HUGE = 'x'.repeat(1024 * 1024 + 16);

/** Path segments that are not ids, or ids no row can have. */
export const PATH_VALUES = [
  '0', '-1', '1.5', '99999999999', '2147483648', '9999999999', '1e30', '0x10', '%00', 'a%00', '%2e%2e', '__proto__', 'constructor', 'abc',
  '%C0%AE', '%E0%A4%A', '9'.repeat(400), '%F0%9F%98%80', '%20', 'null', 'undefined', '1;DROP%20TABLE%20x', '%25', '..%2f..%2f', 'A'.repeat(43),
];

const bounded = (n: number | undefined, fallback: number) => (n === undefined || !Number.isFinite(n) ? fallback : n);

/** Values the schema accepts (mostly): enum members, ints in range (often the samples' real ids), strings of allowed length. */
export function arbitraryOf(s: JsonSchema, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, ids, depth)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0], ids, depth);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...s, type }, ids, depth)));
  switch (types[0]) {
    case 'object': {
      if (depth > 4 || !s.properties) return fc.constant({});
      const model = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, arbitraryOf(v, ids, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items, ids, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: Math.min(s.minItems ?? 0, 3), maxLength: Math.max(Math.min(s.maxItems ?? 3, 3), Math.min(s.minItems ?? 0, 3)),
      });
    case 'integer': {
      const min = Math.max(bounded(s.minimum, -1000), s.exclusiveMinimum === undefined ? -Infinity : s.exclusiveMinimum + 1);
      const max = Math.min(bounded(s.maximum, 1_000_000), s.exclusiveMaximum === undefined ? Infinity : s.exclusiveMaximum - 1, 1_000_000);
      const inRange = ids.filter((id) => id >= min && id <= max);
      const any = fc.integer({ min: Math.max(min, -1_000_000), max: Math.max(max, min) });
      return inRange.length ? fc.oneof(fc.constantFrom(...inRange), any) : any;
    }
    case 'number':
      return fc.double({ min: bounded(s.minimum, -1e6), max: bounded(s.maximum, 1e6), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
        } catch {
          // a pattern fast-check cannot invert: plain strings below
        }
      }
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      const maxLength = Math.min(s.maxLength ?? 40, 40);
      return fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength, unit: fc.constantFrom('a', 'ñ', ' ', '1', '-', 'Z', '.', '/', 'ç', '😀') });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every place a value sits in a JSON value, as key paths (the root is []). */
export function leafPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => leafPaths(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  return out;
}

/** A copy of `value` with the value at `path` replaced (the root itself when the path is empty). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaceAt(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/** A query string value as a client sends it (SPEC §7: arrays as comma lists, nulls omitted). */
export function queryValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
