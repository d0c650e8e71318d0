import { z } from 'zod';
import { FICHA_STATES } from './schemas/deliveries.ts';
import { TICKET_ORIGINS, TICKET_PRIORITIES, TICKET_STATES } from './schemas/after-sales.ts';
import { API_APP_SCOPE_FLAGS, API_TOKEN_TTL_SECONDS } from './api-apps.ts';
import { day, instant, pageOf } from './responses.ts';
import { DB_INT_MAX } from './schemas/common.ts';

/**
 * The public API v1 (docs/api.md "Public API"): what an API app's token reads, its query parameters and its
 * answers. The OpenAPI document (GET /api/public/v1/openapi.json) is generated from these schemas, and the
 * contract tests parse the real answers with them, so the document and the answers cannot drift apart.
 */

/** Public lists page like the rest of the API, 100 rows at most. */
export const PUBLIC_PAGE_MAX = 100;

const idQuery = z.coerce.number().int().positive().max(DB_INT_MAX);
const pageQuery = {
  page: z.coerce.number().int().min(1).max(DB_INT_MAX).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(PUBLIC_PAGE_MAX).default(50),
};
/** A comma list of values (docs/product.md §7 query arrays). */
const commaEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(values)));

/** Client ids and secrets are printable ASCII (credentials.ts); anything else cannot match, so it is invalid. */
const credential = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .max(200, 'validation.max_length')
  .regex(/^[\x21-\x7e]+$/, 'validation.invalid');

export const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', { error: 'integrations.api_apps.unsupported_grant' }),
  client_id: credential,
  client_secret: credential,
});

export const publicTicketsQuerySchema = z.object({
  ...pageQuery,
  project_id: idQuery.optional(),
  state: commaEnum(TICKET_STATES).optional(),
  updated_since: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
});
export type PublicTicketsQuery = z.infer<typeof publicTicketsQuerySchema>;

export const publicUnitsQuerySchema = z.object({ ...pageQuery, project_id: idQuery.optional() });
export type PublicUnitsQuery = z.infer<typeof publicUnitsQuerySchema>;

export const publicPageQuerySchema = z.object(pageQuery);

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.literal(API_TOKEN_TTL_SECONDS),
  scope: z.string(),
});

export const publicErrorSchema = z.object({ message: z.string() });

const ref = z.object({ id: z.number(), name: z.string().nullable() });

export const publicProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  is_closed: z.boolean(),
  is_blocked: z.boolean(),
  created_at: instant,
});
export type PublicProject = z.infer<typeof publicProjectSchema>;

export const publicTicketSchema = z.object({
  id: z.number(),
  code: z.string(),
  number: z.number(),
  subject: z.string(),
  state: z.enum(TICKET_STATES),
  priority: z.enum(TICKET_PRIORITIES),
  origin: z.enum(TICKET_ORIGINS),
  project: ref,
  tower: ref.nullable(),
  unit: z.object({ id: z.number(), number: z.string().nullable() }),
  progress: z.object({ total: z.number(), done: z.number(), percent: z.number() }),
  merged_into_id: z.number().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

export const publicTicketDetailSchema = publicTicketSchema.extend({
  floor: ref.nullable(),
  unit: z.object({
    id: z.number(),
    number: z.string().nullable(),
    delivery_date: day.nullable(),
    unit_type: ref.nullable(),
  }),
  responsible: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  close_justification: z.string().nullable(),
  first_response_at: instant.nullable(),
  resolved_at: instant.nullable(),
});
export type PublicTicketDetail = z.infer<typeof publicTicketDetailSchema>;

export const publicUnitSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  project_id: z.number(),
  tower: ref.nullable(),
  floor: z.object({ id: z.number(), number: z.number().nullable(), name: z.string().nullable() }).nullable(),
  unit_type: ref.nullable(),
  state: z.enum(FICHA_STATES),
  scheduled_delivery_at: instant.nullable(),
  delivery_date: day.nullable(),
  pending_failures: z.number(),
});
export type PublicUnit = z.infer<typeof publicUnitSchema>;

type ScopeFlag = (typeof API_APP_SCOPE_FLAGS)[number];

/** One operation of the public API: the route, the scope flag its token needs, what it reads and answers. */
export type PublicOperation = {
  id: string;
  method: 'get' | 'post';
  path: string;
  scope: ScopeFlag | null;
  query?: z.ZodObject;
  pathParams?: readonly string[];
  body?: z.ZodObject;
  response: z.ZodType;
  /** Token endpoint: no bearer token. */
  isPublic?: boolean;
};

/** Every operation, in the order the reference lists them (paths relative to PUBLIC_API_BASE). */
export const PUBLIC_OPERATIONS: readonly PublicOperation[] = [
  {
    id: 'token',
    method: 'post',
    path: '/oauth/token',
    scope: null,
    body: tokenRequestSchema,
    response: tokenResponseSchema,
    isPublic: true,
  },
  {
    id: 'projects',
    method: 'get',
    path: '/projects',
    scope: null,
    query: publicPageQuerySchema,
    response: pageOf(publicProjectSchema),
  },
  {
    id: 'tickets',
    method: 'get',
    path: '/tickets',
    scope: 'modulo_postventa',
    query: publicTicketsQuerySchema,
    response: pageOf(publicTicketSchema),
  },
  {
    id: 'ticket',
    method: 'get',
    path: '/tickets/{id}',
    scope: 'modulo_postventa',
    pathParams: ['id'],
    response: z.object({ data: publicTicketDetailSchema }),
  },
  {
    id: 'units',
    method: 'get',
    path: '/units',
    scope: 'modulo_entregas',
    query: publicUnitsQuerySchema,
    response: pageOf(publicUnitSchema),
  },
];
