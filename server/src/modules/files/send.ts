import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { AppEnv } from '../../http/context.ts';

/** The Node response behind a request, when running under @hono/node-server (not in app.request tests). */
export function nodeResponse(env: unknown): ServerResponse | undefined {
  const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === 'function' ? outgoing : undefined;
}

/**
 * Answers with a stream (a stored file, a zip being written): under Node it is piped straight into the socket, no
 * Web Streams in between, with backpressure, so a large download runs near disk speed and never sits in memory; a
 * client that goes away destroys the body (its 'error' is handled here). Elsewhere (app.request in tests) it is a
 * Web Response around the same stream.
 */
export function sendStream(
  c: Context<AppEnv>,
  answer: { status: number; headers: Record<string, string>; body?: Readable },
): Response {
  const { body } = answer;
  const outgoing = nodeResponse(c.env);
  if (body && outgoing) {
    outgoing.writeHead(answer.status, { ...answer.headers, 'X-Request-Id': c.var.requestId });
    pipeline(body, outgoing).catch(() => body.destroy());
    // node-server's own marker: a Response built here would be its lightweight class, whose
    // cached fast path writes the head a second time (ERR_HTTP_HEADERS_SENT).
    return RESPONSE_ALREADY_SENT;
  }
  body?.on('error', () => undefined);
  const web = body ? (Readable.toWeb(body) as ReadableStream) : null;
  return new Response(web, { status: answer.status, headers: answer.headers });
}
