import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './context.ts';

/**
 * The address a request came from (login throttling, sessions). With TRUST_PROXY=N the N proxies in
 * front of us each appended the address they saw to X-Forwarded-For, so the client is the Nth entry
 * from the right; entries further left are whatever the client sent and prove nothing. A chain
 * shorter than N gives its leftmost entry. Without TRUST_PROXY the header is ignored.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get('deps').config.trustProxy;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (chain.length) return chain[Math.max(0, chain.length - hops)];
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
