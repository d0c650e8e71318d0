import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { z } from 'zod';
import { id } from '#domain/schemas/common';
import { ApiError, notFound, type FieldError } from './errors.ts';

const localeKey = /^[a-z_]+\.[a-z0-9_.]+$/;

/** Maps a zod issue to a locale key with params, so 422s speak the caller's language (docs/product.md §5). */
export function issueToFieldError(issue: z.core.$ZodIssue): FieldError {
  const field = issue.path.map(String).join('.') || '_';
  const i = issue as z.core.$ZodIssue & {
    minimum?: number | bigint;
    maximum?: number | bigint;
    origin?: string;
    input?: unknown;
    format?: string;
    params?: Record<string, string | number>;
  };
  if (localeKey.test(issue.message))
    return { field, key: issue.message, params: { ...numParams(i), ...(i.params ?? {}) } };
  switch (issue.code) {
    case 'invalid_type':
      return {
        field,
        key: i.input === undefined || i.input === null || i.input === '' ? 'validation.required' : 'validation.invalid',
      };
    case 'too_small':
      if (i.origin === 'string')
        return {
          field,
          key: Number(i.minimum) <= 1 ? 'validation.required' : 'validation.min_length',
          params: numParams(i),
        };
      if (i.origin === 'array') return { field, key: 'validation.required' };
      return { field, key: 'validation.min_value', params: numParams(i) };
    case 'too_big':
      if (i.origin === 'string') return { field, key: 'validation.max_length', params: numParams(i) };
      if (i.origin === 'array') return { field, key: 'validation.max_items', params: numParams(i) };
      return { field, key: 'validation.max_value', params: numParams(i) };
    case 'invalid_format':
      return {
        field,
        key: i.format === 'email' ? 'validation.email' : i.format === 'url' ? 'validation.url' : 'validation.invalid',
      };
    default:
      return { field, key: 'validation.invalid' };
  }
}

function numParams(i: { minimum?: number | bigint; maximum?: number | bigint }) {
  const p: Record<string, number> = {};
  if (i.minimum !== undefined) p.min = Number(i.minimum);
  if (i.maximum !== undefined) p.max = Number(i.maximum);
  return p;
}

const pathId = id();

/** A numeric path parameter: anything but an id a row can have (domain/schemas/common.ts id) is a 404, like an unknown id. */
export function idParam(value: string | undefined): number {
  const parsed = value && /^\d{1,10}$/.test(value) ? pathId.safeParse(value) : undefined;
  if (!parsed?.success) throw notFound();
  return parsed.data as number;
}

export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ApiError(422, 'errors.validation', undefined, result.error.issues.map(issueToFieldError));
  return result.data;
}

/** Where a request schema was used: the fuzz sweep learns each route's schemas from these (tests/sweeps/fuzz.test.ts). */
export type SchemaUse = { method: string; route: string; part: 'body' | 'query'; schema: z.ZodType };
let schemaObserver: ((use: SchemaUse) => void) | undefined;

/** Reports every schema jsonBody and queryOf validate with, with the route that used it; undefined stops. */
export function observeSchemas(observer: ((use: SchemaUse) => void) | undefined) {
  schemaObserver = observer;
}

function observe(c: Context, part: SchemaUse['part'], schema: z.ZodType) {
  schemaObserver?.({ method: c.req.method, route: routePath(c), part, schema });
}

const NUL = '\u0000';
/** A NUL, or half of a UTF-16 surrogate pair alone: neither PostgreSQL text nor jsonb can store it. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => UNSTORABLE.test(text);
const nulError = (field: string): FieldError => ({ field: field || '_', key: 'validation.invalid_characters' });

/**
 * The fields of a parsed JSON value that hold a NUL or a lone surrogate (`"\ud800"`), which PostgreSQL text and
 * jsonb cannot store: a key with one is reported on the object holding it. Walked with a stack, so any depth JSON.parse accepts
 * is fine.
 */
export function nulFields(value: unknown, limit = 20): FieldError[] {
  const found: FieldError[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length && found.length < limit) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (unstorable(node)) found.push(nulError(path));
    } else if (node && typeof node === 'object') {
      const entries = Object.entries(node);
      if (!Array.isArray(node) && entries.some(([k]) => unstorable(k))) found.push(nulError(path));
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i][1], path ? `${path}.${entries[i][0]}` : entries[i][0]]);
    }
  }
  return found;
}

const parsedBodies = new WeakMap<object, unknown>();

/**
 * The request's body as a JSON object, parsed once (the API's body guard reads it before the
 * handler). Whatever the Content-Type: an empty body is {}, malformed JSON, a value that is not an
 * object or a NUL anywhere is a 422 (docs/api.md errors), never a 500.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  if (parsedBodies.has(c.req)) return parsedBodies.get(c.req) as Record<string, unknown>;
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(422, 'errors.invalid_json');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(422, 'errors.json_object');
  const nul = nulFields(body);
  if (nul.length) throw new ApiError(422, 'errors.validation', undefined, nul);
  parsedBodies.set(c.req, body);
  return body as Record<string, unknown>;
}

/** Reads and validates a JSON body; a malformed body is a 422 too, never a 500. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  observe(c, 'body', schema);
  return parseOr422(schema, await readJson(c));
}

/** The fields of the query string that hold a NUL (422 per field), whether or not a schema reads them. */
export function queryNulFields(url: string): FieldError[] {
  const found: FieldError[] = [];
  for (const [key, value] of new URL(url).searchParams)
    if (key.includes(NUL) || value.includes(NUL)) found.push(nulError(key.replaceAll(NUL, '')));
  return found;
}

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  observe(c, 'query', schema);
  return parseOr422(schema, c.req.query());
}
