import { AsyncLocalStorage } from 'node:async_hooks';

/** Structured JSON logs, one object a line. Keys that may carry secrets are redacted. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const secretKey = /pass(word)?|token|secret|cookie|authorization|signature/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, secretKey.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

/**
 * Fields every line written while handling one request carries (its request id), whichever logger
 * writes it: the request's, a service's deps.log or the mailer's. Set by the request middleware.
 */
export const logScope = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

export function createLogger(
  level: Level | 'silent' = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => {
    process.stdout.write(line + '\n');
  },
): Logger {
  const threshold = order[level];
  const emit = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return;
    const scope = logScope.getStore();
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: lvl,
        msg,
        ...(redact({ ...scope, ...base, ...fields }) as object),
      }),
    );
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
