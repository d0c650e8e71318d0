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

/**
 * The value of one cookie in a Cookie header, without parsing the others (the session cookie is
 * read on every request; hono/cookie's getCookie splits and decodes the whole header). Quotes
 * around the value are dropped and %-escapes decoded as RFC 6265 user agents send them; a
 * malformed escape reads as no cookie.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let at = 0;
  while (at < header.length) {
    const end = header.indexOf(';', at);
    const stop = end === -1 ? header.length : end;
    let start = at;
    while (header.charCodeAt(start) === 32) start++;
    if (header.startsWith(name, start) && header.charCodeAt(start + name.length) === 61) {
      let value = header.slice(start + name.length + 1, stop).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    at = stop + 1;
  }
  return undefined;
}
