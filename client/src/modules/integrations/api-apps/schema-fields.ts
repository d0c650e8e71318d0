import type { JsonSchema } from '../api/api-apps-api.ts';

/** A JSON Schema's type in one short line: `string`, `integer | null`, `'nueva' | 'abierta'`, `object[]`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeLabel(schema.items) : 'unknown'}[]`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['unknown'];
  const base = types.join(' | ');
  return schema.format ? `${base} (${schema.format})` : base;
}

export type SchemaField = { path: string; type: string; required: boolean };

const objectOf = (schema: JsonSchema): JsonSchema | undefined => {
  if (schema.properties) return schema;
  return schema.anyOf?.find((s) => s.properties);
};

/**
 * Every field of a response schema as a dotted path (`data[].project.name`), with its type: objects are opened,
 * arrays of objects too, so the reference shows the whole answer flat.
 */
export function schemaFields(schema: JsonSchema, prefix = '', depth = 0): SchemaField[] {
  const object = objectOf(schema);
  if (!object?.properties || depth > 5) return [];
  return Object.entries(object.properties).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const nullable =
      field.anyOf?.some((s) => s.type === 'null') || (Array.isArray(field.type) && field.type.includes('null'));
    const inner = field.type === 'array' && field.items ? field.items : field;
    const nested = objectOf(inner);
    const row: SchemaField = {
      path,
      type: nested ? (field.type === 'array' ? 'object[]' : nullable ? 'object | null' : 'object') : typeLabel(field),
      required: object.required?.includes(name) ?? false,
    };
    return nested ? [row, ...schemaFields(nested, field.type === 'array' ? `${path}[]` : path, depth + 1)] : [row];
  });
}
