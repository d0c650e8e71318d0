import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '#domain/http-timeouts';

// Shared by both kinds of process, `npm start` (runtime/main.ts) and the gateway alone
// (realtime/standalone.ts); it lives here because realtime/ may not import server/ (docs/architecture.md §2).

export type GuardLog = {
  warn(msg: string, f?: Record<string, unknown>): void;
  error(msg: string, f?: Record<string, unknown>): void;
};

/** Node's own default; a browser reuses the connection for the requests of one page. */
const KEEP_ALIVE_MS = 5_000;

/** Options for http.createServer: the header and request timeouts are checked on this interval. */
export function httpServerOptions(t: HttpTimeouts): ServerOptions {
  return {
    // Node refuses a headers timeout longer than the request's.
    headersTimeout: Math.min(t.headersTimeoutMs, t.requestTimeoutMs),
    requestTimeout: t.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(t.headersTimeoutMs / 4))),
  };
}

/** Client-side failures that say nothing about us: not worth a warning. */
const QUIET = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ERR_HTTP_REQUEST_TIMEOUT']);

/**
 * Sets the timeouts on a server created without `httpServerOptions` (they apply to new
 * connections) and listens to the server's own errors: a malformed request or a reset socket is
 * answered or dropped and logged, an accept failure (EMFILE) is logged; neither ends the process.
 */
export function guardHttpServer(server: Server, log: GuardLog, t: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): void {
  server.headersTimeout = Math.min(t.headersTimeoutMs, t.requestTimeoutMs);
  server.requestTimeout = t.requestTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // No 'timeout' listener: Node destroys the idle socket itself. WebSockets reset this to 0 on upgrade.
  server.timeout = t.idleTimeoutMs;
  server.on('error', (error: NodeJS.ErrnoException) =>
    log.error('http server error', { code: error.code, error: error.message }),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!QUIET.has(error.code ?? '')) log.warn('http client error', { code: error.code, error: error.message });
    // What Node does when nobody listens: answer if nothing was written yet, then destroy the
    // socket (ending it would leave a trickling sender's side open).
    if (socket.writable && (socket as Socket).bytesWritten === 0) {
      const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
}

/**
 * Upgrades to a path nobody serves. Socket.IO leaves other paths alone (destroyUpgrade: false, so
 * /mqtt can share the server), and Node no longer watches an upgraded socket: without this it
 * would stay open for ever, and its first reset would be an 'error' nobody hears.
 */
export function refuseStrayUpgrades(server: Server, servedPaths: readonly string[]): () => void {
  const onUpgrade = (req: IncomingMessage, socket: Duplex) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    // As their owners match them: '/socket.io/' is a prefix (engine.io), '/mqtt' an exact path (broker.ts).
    if (servedPaths.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p))) return;
    socket.on('error', () => undefined);
    if (socket.writable) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
  };
}

let guarded = false;

/**
 * Last line of defence, installed once the process is up (a failure while starting still ends it):
 * a promise nobody awaited, or an exception thrown from a callback outside any request, is logged
 * and the process keeps serving everyone else. Errors thrown by a request's handler never get here:
 * Hono's error handler answers them with a 500.
 */
export function guardProcess(log: GuardLog): void {
  if (guarded) return;
  guarded = true;
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: describe(reason) }));
  process.on('uncaughtException', (error, origin) =>
    log.error('uncaught exception', { origin, error: describe(error) }),
  );
}

const describe = (e: unknown) =>
  e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : String(e);
