import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiAppCredentials, ApiAppRow, ApiCallRow } from '#domain/api-apps-responses';
import { PUBLIC_API_BASE } from '#domain/api-apps';
import type { ApiAppCreateInput, ApiAppUpdateInput } from '#domain/schemas/api-apps';
import { apiOrigin, apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { LIST_QUERY_DEFAULTS } from '../../../api/query.ts';
import { integrationsKeys } from './keys.ts';

/** The API apps of config integraciones (server/src/modules/integrations/api-apps). */
const API = 'configuracion/integraciones/apps';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export const apiAppsApi = {
  list: (signal?: AbortSignal) => data(apiV2.get<DataEnvelope<ApiAppRow[]>>(API, { signal })),
  detail: (id: number, signal?: AbortSignal) => data(apiV2.get<DataEnvelope<ApiAppRow>>(`${API}/${id}`, { signal })),
  create: (input: ApiAppCreateInput) => data(apiV2.post<DataEnvelope<ApiAppCredentials>>(API, input)),
  update: ({ id, ...input }: ApiAppUpdateInput & { id: number }) =>
    data(apiV2.patch<DataEnvelope<ApiAppRow>>(`${API}/${id}`, input)),
  rotate: (id: number) => data(apiV2.post<DataEnvelope<ApiAppCredentials>>(`${API}/${id}/rotar`)),
  revoke: (id: number) => data(apiV2.post<DataEnvelope<ApiAppRow>>(`${API}/${id}/revocar`)),
  logs: (id: number, page: number, signal?: AbortSignal) =>
    apiV2.get<ListEnvelope<ApiCallRow>>(`${API}/${id}/logs`, { query: { page, rowsPerPage: 25 }, signal }),
};

export const apiAppsQuery = queryOptions({
  queryKey: integrationsKeys.list('api-apps'),
  queryFn: ({ signal }) => apiAppsApi.list(signal),
});

export const apiAppQuery = (id: number) =>
  queryOptions({
    queryKey: integrationsKeys.detail('api-app', id),
    queryFn: ({ signal }) => apiAppsApi.detail(id, signal),
  });

export const apiAppLogsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: integrationsKeys.list('api-app-logs', { id, page }),
    queryFn: ({ signal }) => apiAppsApi.logs(id, page, signal),
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });

/** The public API's OpenAPI document, in the UI language (its texts follow Accept-Language). */
export const openApiQuery = (language: string) =>
  queryOptions({
    queryKey: integrationsKeys.item('openapi', { language }),
    queryFn: ({ signal }) =>
      apiV2.get<OpenApiDocument>(`${apiOrigin()}${PUBLIC_API_BASE}/openapi.json`, {
        signal,
        headers: { Accept: 'application/json', 'Accept-Language': language },
      }),
    staleTime: Infinity,
  });

/** What the reference page reads of the OpenAPI document (server/src/modules/integrations/api-apps/openapi.ts). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  $ref?: string;
};
export type OpenApiParameter = {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: JsonSchema;
};
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  'x-scope'?: string;
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApiDocument = {
  info: { title: string; description: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
};
