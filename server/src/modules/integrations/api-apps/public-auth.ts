import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { apiApps, apiTokens } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { recordCall } from './call-log.ts';
import { hashCredential } from './credentials.ts';
import type { PublicEnv } from './public-env.ts';
import { takeRequest } from './rate-limit.ts';
import { rateLimited } from './token.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})$/i;
const invalidToken = () => new ApiError(401, 'integrations.api_apps.invalid_token');

/**
 * The public API's authentication (docs/api.md "Public API"): a bearer token resolves to its app, the app's
 * company and scope; no cookie, no CSRF header. An unknown, expired or revoked token is a 401; once the app is
 * known, every answer, 401 and 429 included, goes to its call log, and the rate limit is counted.
 */
export const bearerAuth: MiddlewareHandler<PublicEnv> = async (c, next) => {
  const startedAt = performance.now();
  const presented = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!presented) throw invalidToken();
  const { deps } = c.var;
  const db = deps.database.db;
  const [found] = await db
    .select({ app: apiApps, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .innerJoin(apiApps, eq(apiApps.id, apiTokens.appId))
    .where(eq(apiTokens.tokenHash, hashCredential(presented)));
  if (!found) throw invalidToken();
  const { app } = found;
  const path = `${c.req.path}${new URL(c.req.url).search}`;
  const log = (status: number) => recordCall(db, { appId: app.id, method: c.req.method, path, status, startedAt });
  if (app.revokedAt || found.expiresAt.getTime() <= Date.now()) {
    await log(401);
    throw invalidToken();
  }
  const retryAfter = takeRequest(deps, app.id);
  if (retryAfter !== undefined) {
    await log(429);
    c.header('Retry-After', String(retryAfter));
    throw rateLimited(retryAfter);
  }
  c.set('apiApp', {
    appId: app.id,
    companyId: app.companyId,
    name: app.name,
    clientId: app.clientId,
    scope: new Set(app.scope),
    createdBy: app.createdBy,
  });
  await next();
  await log(c.res.status);
  // Last use to the minute: one write a minute per busy app, not one per request.
  await db
    .update(apiApps)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiApps.id, app.id),
        or(isNull(apiApps.lastUsedAt), lt(apiApps.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
};

/** An operation that needs a flag in the app's scope (e.g. modulo_postventa for tickets): 403 without it. */
export const requireScope =
  (flag: string): MiddlewareHandler<PublicEnv> =>
  async (c, next) => {
    if (!c.var.apiApp.scope.has(flag)) throw new ApiError(403, 'integrations.api_apps.scope_missing', { flag });
    await next();
  };
