import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config.ts';
import type { AppEnv } from './context.ts';

/** Served uploads keep their own headers (files module); everything else is a page or the API. */
const SERVED_FILES = /^\/(api\/v2\/public\/files|storage)(\/|$)/;

/**
 * The Content-Security-Policy of our pages (the built client, the owner portal, /dev/mail) and the
 * API. Only our own origin: Chakra/emotion inject <style> elements and style attributes, hence
 * style-src 'unsafe-inline'; previews use data:/blob: images, blob: PDFs in <object> and uploads go
 * straight to S3 when it is configured. `frameAncestors` is 'self' for staff pages; the portal
 * passes the sites its projects allow (modules/after-sales/portal/framing.ts).
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 's3'>, frameAncestors = "'self'"): string {
  const connect = ["'self'"];
  const publicUrl = URL.parse(config.publicUrl);
  // 'self' covers ws(s): of our origin in current browsers; older Safari needs it spelled out.
  if (publicUrl) connect.push(`${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`);
  const s3 = config.s3 ? URL.parse(config.s3.endpoint) : null;
  if (s3) connect.push(s3.origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "object-src 'self' blob:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    `connect-src ${connect.join(' ')}`,
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * nosniff, Referrer-Policy and the CSP on every answer (docs/decisions.md, Hardening). A header
 * an inner handler set (the portal's CSP) wins. Under @hono/node-server they go straight onto the
 * Node response before the handler runs, as requestContext does with X-Request-Id: adding headers
 * to a finished answer makes Hono rebuild it (tests/bench/http.ts); Node lets the handler's own
 * headers override them.
 */
export function securityHeaders(config: AppConfig): MiddlewareHandler<AppEnv> {
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
  ];
  const withPolicy: [string, string][] = [...common, ['Content-Security-Policy', contentSecurityPolicy(config)]];
  // Not an async function: on the Node path it only passes on (every await costs each request a promise).
  return (c, next) => {
    const headers = SERVED_FILES.test(c.req.path) ? common : withPolicy;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    return next().then(() => {
      for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value);
    });
  };
}
