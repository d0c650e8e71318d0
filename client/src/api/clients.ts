import { createApiClient, type ApiClient } from './http.ts';
import { withQuery, type QueryParams } from './query-string.ts';

/** Same-origin by default; an embedding deployment can point the client elsewhere with VITE_API_ORIGIN. */
export function apiOrigin(): string {
  const configured = import.meta.env?.VITE_API_ORIGIN as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

const trimSlashes = (p: string) => p.replace(/^\/+/, '');

/** docs/product.md §7 version 2: {origin}/api/v2/public/api/<path>. */
export function v2Url(path: string, query?: QueryParams, origin = apiOrigin()): string {
  return withQuery(`${origin}/api/v2/public/api/${trimSlashes(path)}`, query);
}

/**
 * docs/product.md §7 version 1: {origin}/api/v1/api.php with the path in the `request` query parameter, unless
 * the path begins with index.php (then it is appended as is).
 */
export function v1Url(path: string, query?: QueryParams, origin = apiOrigin()): string {
  const clean = trimSlashes(path);
  if (clean.startsWith('index.php')) return withQuery(`${origin}/api/v1/${clean}`, query);
  const [route, search] = clean.split('?', 2);
  const base = `${origin}/api/v1/api.php?${new URLSearchParams({ request: route }).toString()}${search ? `&${search}` : ''}`;
  return withQuery(base, query);
}

export const apiV2: ApiClient = createApiClient({ version: 2, resolve: (p, q) => v2Url(p, q) });
export const apiV1: ApiClient = createApiClient({ version: 1, resolve: (p, q) => v1Url(p, q) });

/** Public files are read from api/v2/public/files/{path} (docs/product.md §7). */
export const fileUrl = (path: string) => `${apiOrigin()}/api/v2/public/files/${trimSlashes(path)}`;
