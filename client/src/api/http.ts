import { session, type SessionParamName } from '../shared/session/session-store.ts';
import { ApiRequestError } from './errors.ts';
import { showErrorToast, warningsDialog } from './notify.ts';
import { isAbsoluteUrl, withQuery, type QueryParams } from './query-string.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Modules whose calls carry shared session params (docs/product.md §7 "sync params per module"). */
export const SYNC_PARAMS = {
  warranties: ['proyecto_id', 'unidad_id', 'solicitud_id'],
  config: ['proyecto_id'],
  quality: ['proyecto_id'],
  verifications: ['proyecto_id'],
} as const satisfies Record<string, readonly SessionParamName[]>;
export type SyncModule = keyof typeof SYNC_PARAMS;

export type RequestOptions = {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Adds that module's stored session params to the query (v2, docs/product.md §7). */
  module?: SyncModule;
  /** No toast on failure (the caller handles it, e.g. the silent session probe at start-up). */
  silent?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  cache?: RequestCache;
  credentials?: RequestCredentials;
};

export type ApiClient = {
  version: 1 | 2;
  /** The full URL of a path (relative paths resolve against this client's base). */
  url(path: string, query?: QueryParams): string;
  request<T = unknown>(method: HttpMethod, path: string, opts?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, opts?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
};

/** Listeners for a 401 on a non-silent call: the app drops the cached user and shows the login. */
const unauthenticatedListeners = new Set<() => void>();
export function onUnauthenticated(listener: () => void) {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

/** docs/product.md §7 common headers, plus the auth headers kept in the session store. */
export function commonHeaders(): Record<string, string> {
  const s = session.get();
  return {
    'X-Requested-With': 'XMLHttpRequest',
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': s.locale,
    ...s.headers,
  };
}

export function syncParamsOf(module: SyncModule | undefined): Record<string, number> {
  if (!module) return {};
  const params = session.get().params;
  const out: Record<string, number> = {};
  for (const name of SYNC_PARAMS[module]) {
    const v = params[name];
    if (v !== null && v !== undefined) out[name] = v;
  }
  return out;
}

const isRawBody = (b: unknown) =>
  b instanceof FormData ||
  b instanceof Blob ||
  b instanceof ArrayBuffer ||
  b instanceof URLSearchParams ||
  ArrayBuffer.isView(b);

async function readBody(res: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (res.status === 204) return undefined;
  if (type === 'blob' && res.ok) return res.blob();
  const text = await res.text();
  if (type === 'text' && res.ok) return text;
  if (!text) return undefined;
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

type ClientConfig = {
  version: 1 | 2;
  resolve: (path: string, query: QueryParams | undefined) => string;
  fetch?: typeof fetch;
};

export function createApiClient(config: ClientConfig): ApiClient {
  const doFetch = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const absolute = isAbsoluteUrl(path);
    const query = absolute ? opts.query : { ...opts.query, ...syncParamsOf(opts.module) };
    const url = absolute ? withQuery(path, query) : config.resolve(path, query);
    const raw = opts.body !== undefined && isRawBody(opts.body);
    const headers: Record<string, string> = absolute ? { ...opts.headers } : { ...commonHeaders(), ...opts.headers };
    if (raw && !absolute && !opts.headers?.['Content-Type']) delete headers['Content-Type'];
    const init: RequestInit = {
      method,
      headers,
      signal: opts.signal,
      cache: opts.cache,
      credentials: opts.credentials,
      body: opts.body === undefined ? undefined : raw ? (opts.body as BodyInit) : JSON.stringify(opts.body),
    };

    let res: Response;
    try {
      res = await doFetch(url, init);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      // Network failure: no response to read; the same toast and a rejected request (docs/product.md §8).
      if (!opts.silent) showErrorToast(0, null);
      throw new ApiRequestError(0, '', undefined);
    }
    const body = await readBody(res, opts.responseType);
    if (!res.ok) {
      const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
      const message = typeof b.message === 'string' ? b.message : '';
      if (!opts.silent) showErrorToast(res.status, message, Array.isArray(b.errors) ? b.errors : []);
      if (res.status === 401 && !opts.silent && !absolute) unauthenticatedListeners.forEach((l) => l());
      throw new ApiRequestError(res.status, message, body);
    }
    const ok = body as { message?: unknown; warnings?: unknown } | undefined;
    if (ok && typeof ok === 'object' && Array.isArray(ok.warnings) && ok.warnings.length > 0) {
      warningsDialog.open(typeof ok.message === 'string' ? ok.message : undefined, ok.warnings);
    }
    return body as T;
  }

  return {
    version: config.version,
    url: (path, query) => (isAbsoluteUrl(path) ? withQuery(path, query) : config.resolve(path, query)),
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, body, opts) => request('DELETE', path, { ...opts, body }),
  };
}
