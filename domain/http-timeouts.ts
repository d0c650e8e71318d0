/**
 * How long a client may take (docs/decisions.md, Hardening). Shared by both kinds of process: the
 * app reads them from the environment (server/src/config.ts) and the gateway alone uses the
 * defaults (realtime/standalone.ts); realtime/server-guards.ts applies them to an HTTP server.
 */
export type HttpTimeouts = {
  /** From the first byte of a request to the end of its headers. */
  headersTimeoutMs: number;
  /** From the first byte of a request to the end of its body: bounds a trickled upload. */
  requestTimeoutMs: number;
  /** No byte either way for this long ends the connection (a stalled body or a reader that stopped). */
  idleTimeoutMs: number;
};

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 30 * 60_000,
  idleTimeoutMs: 120_000,
};
