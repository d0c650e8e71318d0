import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { API_TOKEN_TTL_SECONDS } from '#domain/api-apps';
import { tokenRequestSchema, tokenResponseSchema } from '#domain/public-api';
import { apiApps, apiTokens } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { parseOr422, readJson } from '../../../lib/validate.ts';
import { pruneCalls, recordCall } from './call-log.ts';
import { credentialMatches, hashCredential, newAccessToken } from './credentials.ts';
import type { AppEnv } from '../../../http/context.ts';
import { takeRequest } from './rate-limit.ts';

export const invalidClient = () => new ApiError(401, 'integrations.api_apps.invalid_client');
export const rateLimited = (seconds: number) => new ApiError(429, 'integrations.api_apps.rate_limited', { seconds });

/**
 * The token request's fields: a form (application/x-www-form-urlencoded, as OAuth 2 sends it) or JSON; the
 * client may also authenticate with HTTP Basic (RFC 6749 §2.3.1).
 */
async function tokenRequestOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  const fields: Record<string, unknown> = type.includes('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(await c.req.text()))
    : await readJson(c);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header('authorization') ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      fields.client_id ??= decodeURIComponent(decoded.slice(0, colon));
      fields.client_secret ??= decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  return fields;
}

/** POST /api/public/v1/oauth/token: the client credentials grant. A known app's every attempt is logged. */
export async function issueToken(c: Context<AppEnv>): Promise<z.infer<typeof tokenResponseSchema>> {
  const startedAt = performance.now();
  const input = parseOr422(tokenRequestSchema, await tokenRequestOf(c));
  const { deps } = c.var;
  const db = deps.database.db;
  const [app] = await db.select().from(apiApps).where(eq(apiApps.clientId, input.client_id));
  if (!app) throw invalidClient();
  const log = (status: number) =>
    recordCall(db, { appId: app.id, method: c.req.method, path: c.req.path, status, startedAt });
  const retryAfter = takeRequest(deps, app.id);
  if (retryAfter !== undefined) {
    await log(429);
    c.header('Retry-After', String(retryAfter));
    throw rateLimited(retryAfter);
  }
  if (app.revokedAt || !credentialMatches(input.client_secret, app.secretHash)) {
    await log(401);
    throw invalidClient();
  }
  const token = newAccessToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(apiTokens).where(and(eq(apiTokens.appId, app.id), lt(apiTokens.expiresAt, now)));
    await tx.insert(apiTokens).values({
      appId: app.id,
      tokenHash: hashCredential(token),
      expiresAt: new Date(now.getTime() + API_TOKEN_TTL_SECONDS * 1000),
    });
    await tx
      .update(apiApps)
      .set({ lastUsedAt: now })
      .where(and(eq(apiApps.id, app.id), isNull(apiApps.revokedAt)));
    await pruneCalls(tx, app.id);
  });
  await log(200);
  c.header('Cache-Control', 'no-store');
  return { access_token: token, token_type: 'Bearer', expires_in: API_TOKEN_TTL_SECONDS, scope: app.scope.join(' ') };
}
