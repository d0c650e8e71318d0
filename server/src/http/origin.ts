import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** The origin the browser used, so local upload URLs point back to the same host (or the one the proxy saw, when TRUST_PROXY names trusted proxies). */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('deps').config.trustProxy > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    return `${proto || url.protocol.replace(':', '')}://${host || url.host}`;
  }
  return url.origin;
}
