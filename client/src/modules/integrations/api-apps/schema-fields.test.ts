import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from '#domain/responses';
import { publicTicketSchema } from '#domain/public-api';
import type { JsonSchema } from '../api/api-apps-api.ts';
import { schemaFields, typeLabel } from './schema-fields.ts';

const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;

describe('the reference page reading the OpenAPI schemas', () => {
  it('names types in one line: enums, nullables, arrays and formats', () => {
    expect(typeLabel({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('integer[]');
    expect(typeLabel({ type: 'string', format: 'date-time' })).toBe('string (date-time)');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
  });

  it('flattens a paged answer into dotted fields, opening objects and arrays of objects', () => {
    const fields = schemaFields(jsonOf(pageOf(publicTicketSchema)));
    const byPath = Object.fromEntries(fields.map((f) => [f.path, f.type]));
    expect(byPath.data).toBe('object[]');
    expect(byPath['data[].project']).toBe('object');
    expect(byPath['data[].project.name']).toBe('string | null');
    expect(byPath['data[].tower']).toBe('object | null');
    expect(byPath['data[].tower.id']).toBe('number');
    expect(byPath.has_more).toBe('boolean');
  });
});
