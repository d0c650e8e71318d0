import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { JSON_BODY_MAX_BYTES } from '#domain/limits';
import { formatBytes } from '#domain/files';
import type { AppEnv } from './context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { queryNulFields, readJson } from '../lib/validate.ts';

const rawBodies = new WeakMap<object, number>();

/**
 * Marks a route that reads its own body (a file, not JSON) and may take up to `maxBytes`. The
 * input guard gives it that limit instead of the JSON one and leaves the body to the handler.
 */
export function acceptsRawBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> = (_c, next) => next();
  rawBodies.set(marker, maxBytes);
  return marker;
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NUL_IN_PATH = /%00|\u0000/;

/**
 * Bad input stops here, before any handler or query (docs/api.md errors): a NUL in the path is an
 * unknown path (404) and in the query a 422 on its field; a body over the limit is 413 without
 * being read further (JSON_BODY_MAX_BYTES, or the route's acceptsRawBody); a JSON body that is
 * malformed, not an object or holds a NUL is 422 on every route, also those that ignore their body.
 * Paths no route answers are left to the 404 handler.
 */
export const inputGuard: MiddlewareHandler<AppEnv> = (c, next) => {
  if (NUL_IN_PATH.test(c.req.path)) throw notFound();
  const nul = queryNulFields(c.req.url);
  if (nul.length) throw new ApiError(422, 'errors.validation', undefined, nul);
  const routes = matchedRoutes(c);
  if (BODYLESS.has(c.req.method) || !routes.some((r) => r.method !== 'ALL')) return next();
  const raw = routes.map((r) => rawBodies.get(r.handler)).find((n) => n !== undefined);
  const maxSize = raw ?? JSON_BODY_MAX_BYTES;
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'errors.payload_too_large', { size: formatBytes(maxSize) });
    },
  });
  return limit(c, async () => {
    if (raw === undefined) await readJson(c);
    await next();
  });
};
