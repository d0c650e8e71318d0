import { session } from '../shared/session/session-store.ts';
import { apiV1, apiV2 } from './clients.ts';
import type { ApiClient, HttpMethod, SyncModule } from './http.ts';

/** docs/product.md §3 paged list request and response. */
export type PageRequest = {
  page?: number;
  rowsPerPage?: number;
  rowsNumber?: number;
  sortBy?: string | null;
  descending?: boolean;
};
export type ListEnvelope<T> = {
  data: T[];
  current_page: number;
  total: number;
  has_more: boolean;
  rowsPerPage: number;
};
export type DataEnvelope<T> = { data: T; message?: string; warnings?: string[] };

export type DataCall = {
  /** Path relative to the API, with {param} placeholders; a 'v1/' prefix selects client 1. */
  endpoint: string;
  method?: HttpMethod;
  payload?: Record<string, unknown>;
  pagination?: PageRequest;
  filters?: Record<string, unknown>;
  /** The module whose sync params (docs/product.md §7) go with the call. */
  module?: SyncModule;
  signal?: AbortSignal;
  silent?: boolean;
};

export class MissingEndpointParamError extends Error {
  constructor(
    readonly param: string,
    readonly endpoint: string,
  ) {
    super(`No value for {${param}} in ${endpoint}`);
    this.name = 'MissingEndpointParamError';
  }
}

/**
 * Fills {param} placeholders from the stored params (proyecto_id, unidad_id, solicitud_id) and the
 * payload; the payload wins because it is what the caller explicitly asked for.
 */
export function fillEndpoint(endpoint: string, payload: Record<string, unknown> = {}): string {
  const stored = session.get().params as Record<string, unknown>;
  return endpoint.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = payload[name] ?? stored[name];
    if (value === null || value === undefined || value === '') throw new MissingEndpointParamError(name, endpoint);
    return encodeURIComponent(String(value));
  });
}

/** 'v1/…' goes to client 1 without the prefix; anything else to client 2. */
export function resolveEndpoint(endpoint: string): { client: ApiClient; path: string } {
  const clean = endpoint.replace(/^\/+/, '');
  return clean.startsWith('v1/') ? { client: apiV1, path: clean.slice(3) } : { client: apiV2, path: clean };
}

/** Only the request fields of docs/product.md §3 travel; rowsNumber is the client's own total. */
export function paginationQuery(p: PageRequest | undefined): Record<string, unknown> {
  if (!p) return {};
  return {
    page: p.page,
    rowsPerPage: p.rowsPerPage,
    sortBy: p.sortBy || undefined,
    descending: p.sortBy ? Boolean(p.descending) : undefined,
  };
}

/**
 * The generic data call of docs/product.md §7. GET sends pagination, filters and payload as the query;
 * DELETE and the other methods send the payload as the body.
 */
export function dataCall<T = unknown>(call: DataCall): Promise<T> {
  const method = call.method ?? 'GET';
  const { client, path } = resolveEndpoint(fillEndpoint(call.endpoint, call.payload));
  const common = { module: call.module, signal: call.signal, silent: call.silent };
  if (method === 'GET') {
    return client.request<T>('GET', path, {
      ...common,
      query: { ...paginationQuery(call.pagination), ...call.filters, ...call.payload },
    });
  }
  return client.request<T>(method, path, { ...common, body: call.payload ?? {} });
}

/** docs/product.md §3 "saving is a create when the payload has no id, otherwise an update". */
export function saveCall<T = unknown>(
  endpoint: string,
  payload: Record<string, unknown> & { id?: unknown },
  module?: SyncModule,
) {
  const hasId = payload.id !== undefined && payload.id !== null && payload.id !== '';
  return dataCall<T>({
    endpoint: hasId ? `${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(String(payload.id))}` : endpoint,
    method: hasId ? 'PUT' : 'POST',
    payload,
    module,
  });
}
