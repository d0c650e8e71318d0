import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv, SessionUser } from './context.ts';
import { ApiError } from '../lib/errors.ts';
import { logScope } from '../lib/logger.ts';
import { pickLocale, translator } from '../lib/i18n.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { readCookie } from './cookies.ts';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Request id, locale and logger; one access line per request (debug level). Every log line written
 * while the request runs, by any logger, carries its request id (logScope). A caller's
 * X-Request-Id is kept when it is a plain token, so ids can follow a request across services.
 */
export const requestContext =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const locale = pickLocale(c.req.header('accept-language'));
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.set('log', deps.log);
    // Under @hono/node-server the id goes straight onto the Node response: no Web Headers object per
    // request, and never a header added to a finished answer (Hono would rebuild it as a stream,
    // which cost more than the rest of a cached GET; tests/bench/http.ts). Elsewhere (tests), Hono's.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent)
      outgoing.setHeader('X-Request-Id', requestId);
    else c.header('X-Request-Id', requestId);
    return logScope.run({ requestId }, async () => {
      const started = performance.now();
      await next();
      // Answers built as raw Response objects (static files, downloads) do not take prepared headers.
      if (!outgoing && !c.res.headers.has('x-request-id')) c.header('X-Request-Id', requestId);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      deps.log.debug('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
        userId: c.get('user')?.id,
      });
    });
  };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** docs/architecture.md §4: a state-changing request must carry X-Requested-With (cross-site forms cannot). */
export const csrfGuard: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !c.req.header('x-requested-with')) throw new ApiError(403, 'errors.csrf');
  return next();
};

/** The signed-in user of the request's session cookie, if any (for routes outside the API too). */
export async function sessionUserOf(c: Context<AppEnv>): Promise<SessionUser | undefined> {
  const token = sessionTokenOf(c);
  // Hot paths read variables with c.get(): every c.var access copies all of them into a new object.
  return token ? c.get('deps').sessions.resolve(token) : undefined;
}

const sessionTokenOf = (c: Context<AppEnv>) => readCookie(c.req.header('cookie'), SESSION_COOKIE);

/**
 * Sets the request's user. A session this process has cached is taken without awaiting anything
 * (server/src/auth/session.ts `cached`): the most frequent case costs no promise.
 */
export const sessionLoader: MiddlewareHandler<AppEnv> = (c, next) => {
  const token = sessionTokenOf(c);
  const sessions = c.get('deps').sessions;
  const cached = token ? sessions.cached(token) : undefined;
  if (cached || !token) {
    c.set('user', cached);
    return next();
  }
  return sessions.resolve(token).then((user) => {
    c.set('user', user);
    return next();
  });
};

/** Every failure answers {message, errors[]} in the caller's language; never a stack trace. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const t = c.var.t ?? translator('es');
  if (err instanceof ApiError) {
    if (err.status === 429 && typeof err.params?.minutes === 'number')
      c.header('Retry-After', String(err.params.minutes * 60));
    const errors = err.fieldErrors.map((fe) => t(fe.key, fe.params));
    const fields = Object.fromEntries(err.fieldErrors.map((fe) => [fe.field, t(fe.key, fe.params)]));
    return c.json(
      { message: t(err.key, err.params), errors, ...(err.fieldErrors.length ? { fields } : {}), ...err.extra },
      err.status as 400,
    );
  }
  if (err instanceof HTTPException) {
    if (err.status === 400 && /json/i.test(err.message))
      return c.json({ message: t('errors.invalid_json'), errors: [] }, 422);
    return c.json({ message: err.message || t('errors.internal'), errors: [] }, err.status);
  }
  (c.var.log ?? console).error('unhandled error', { error: err, path: c.req.path, method: c.req.method });
  return c.json({ message: t('errors.internal'), errors: [] }, 500);
};

export const notFoundJson = (c: Context<AppEnv>) =>
  c.json({ message: (c.var.t ?? translator('es'))('errors.not_found'), errors: [] }, 404);
