import { z } from 'zod';
import { API_RATE_PER_MINUTE_DEFAULT, API_TOKEN_TTL_SECONDS, PUBLIC_API_BASE } from '#domain/api-apps';
import { permissionLabelKey } from '#domain/permission-catalogue';
import { API_APP_SCOPE_FLAGS } from '#domain/api-apps';
import { PUBLIC_OPERATIONS, publicErrorSchema, type PublicOperation } from '#domain/public-api';
import type { Translate } from '../../../lib/i18n.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A zod schema as JSON Schema (zod 4's own generator), without the $schema line an embedded schema does not carry. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** A date-time parameter's format says it all; its generated regular expression only clutters the reference. */
function readable(schema: JsonSchema): JsonSchema {
  if (schema.format && schema.pattern) {
    const { pattern: _drop, ...rest } = schema;
    return rest;
  }
  return schema;
}

const ERROR_STATUSES = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'invalid',
  429: 'rate_limited',
} as const;

function operationOf(op: PublicOperation, t: Translate) {
  const query = op.query ? jsonSchemaOf(op.query, 'input') : undefined;
  const parameters = [
    ...(op.pathParams ?? []).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: t(`integrations.public_api.params.${name}`),
      schema: { type: 'integer', minimum: 1 },
    })),
    ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query?.required?.includes(name) ?? false,
      description: t(`integrations.public_api.params.${name}`),
      schema: readable(schema),
      ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
    })),
  ];
  const errors = Object.entries(ERROR_STATUSES)
    .filter(([status]) => !(op.isPublic && (status === '403' || status === '404')))
    .map(([status, key]) => [
      status,
      {
        description: t(`integrations.public_api.responses.${key}`),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]);
  return {
    operationId: op.id,
    summary: t(`integrations.public_api.operations.${op.id}`),
    ...(op.scope ? { 'x-scope': op.scope } : {}),
    security: op.isPublic ? [] : [{ bearerAuth: [] }],
    parameters,
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              ['application/x-www-form-urlencoded', 'application/json'].map((type) => [
                type,
                { schema: jsonSchemaOf(op.body!, 'input') },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      200: {
        description: t('integrations.public_api.responses.ok'),
        content: { 'application/json': { schema: jsonSchemaOf(op.response, 'output') } },
      },
      ...Object.fromEntries(errors),
    },
  };
}

/**
 * GET /api/public/v1/openapi.json: the OpenAPI 3.1 document of the public API, generated from the zod schemas
 * of domain/public-api.ts, its texts in the caller's language. `x-scope` names the flag an operation needs.
 */
export function openApiDocument(t: Translate, ratePerMinute = API_RATE_PER_MINUTE_DEFAULT) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of PUBLIC_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationOf(op, t);
  return {
    openapi: '3.1.0',
    info: {
      title: t('integrations.public_api.title'),
      version: '1',
      description: t('integrations.public_api.description', { ttl: API_TOKEN_TTL_SECONDS, rate: ratePerMinute }),
    },
    servers: [{ url: PUBLIC_API_BASE }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        clientCredentials: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${PUBLIC_API_BASE}/oauth/token`,
              scopes: Object.fromEntries(API_APP_SCOPE_FLAGS.map((flag) => [flag, t(permissionLabelKey(flag))])),
            },
          },
        },
      },
      schemas: { Error: jsonSchemaOf(publicErrorSchema, 'output') },
    },
    paths,
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
