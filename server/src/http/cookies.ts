import type { Context } from 'hono';
import type { CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from './context.ts';

/** Whether the browser reached us over HTTPS (directly or through the proxy). */
export const isHttps = (c: Context<AppEnv>) =>
  c.req.url.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https';

/**
 * Cookie attributes for a cookie that must also travel inside a cross-site iframe (the owner
 * portal embedded in a company's site, docs/product.md#owner-portal): over HTTPS it is SameSite=None; Secure;
 * Partitioned (CHIPS, so browsers that block third-party cookies keep one jar per embedding
 * site); over plain HTTP (local use) browsers refuse SameSite=None, so it stays Lax and only
 * same-site embedding works.
 */
export function frameableCookie(c: Context<AppEnv>): Pick<CookieOptions, 'sameSite' | 'secure' | 'partitioned'> {
  return isHttps(c) ? { sameSite: 'None', secure: true, partitioned: true } : { sameSite: 'Lax', secure: false };
}
