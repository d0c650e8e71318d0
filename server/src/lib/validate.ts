import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, type FieldError } from './errors.ts';

const localeKey = /^[a-z_]+\.[a-z0-9_.]+$/;

/** Maps a zod issue to a locale key with params, so 422s speak the caller's language (docs/product.md §5). */
export function issueToFieldError(issue: z.core.$ZodIssue): FieldError {
  const field = issue.path.map(String).join('.') || '_';
  const i = issue as z.core.$ZodIssue & { minimum?: number | bigint; maximum?: number | bigint; origin?: string; input?: unknown; format?: string; params?: Record<string, string | number> };
  if (localeKey.test(issue.message)) return { field, key: issue.message, params: { ...numParams(i), ...(i.params ?? {}) } };
  switch (issue.code) {
    case 'invalid_type':
      return { field, key: i.input === undefined || i.input === null || i.input === '' ? 'validation.required' : 'validation.invalid' };
    case 'too_small':
      if (i.origin === 'string') return { field, key: Number(i.minimum) <= 1 ? 'validation.required' : 'validation.min_length', params: numParams(i) };
      if (i.origin === 'array') return { field, key: 'validation.required' };
      return { field, key: 'validation.min_value', params: numParams(i) };
    case 'too_big':
      if (i.origin === 'string') return { field, key: 'validation.max_length', params: numParams(i) };
      if (i.origin === 'array') return { field, key: 'validation.max_items', params: numParams(i) };
      return { field, key: 'validation.max_value', params: numParams(i) };
    case 'invalid_format':
      return { field, key: i.format === 'email' ? 'validation.email' : i.format === 'url' ? 'validation.url' : 'validation.invalid' };
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

export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(422, 'errors.validation', undefined, result.error.issues.map(issueToFieldError));
  return result.data;
}

/** Reads and validates a JSON body; a malformed body is a 422 too, never a 500. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(422, 'errors.invalid_json');
  }
  return parseOr422(schema, body);
}

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseOr422(schema, c.req.query());
}
