import { WEBHOOK_BODY_MAX_BYTES } from './limits.ts';

/**
 * How the server retries a call to another service (webhook deliveries, CRM and platform syncs): exponential
 * backoff with jitter over about a day (docs/product.md §8: when every attempt fails the target is told so). The
 * waits after each failed attempt; the attempt after the last wait is the last one.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  15 * HOUR,
];
/** Attempts of one call: the first plus one per wait. */
export const maxAttemptsOf = (delays: readonly number[] = RETRY_DELAYS_MS) => delays.length + 1;
export const MAX_ATTEMPTS = maxAttemptsOf();

/** Up to a fifth more or less than the nominal wait, so failures of many events do not retry in lockstep. */
const JITTER = 0.2;

/**
 * Milliseconds to wait after `attempt` (counted from 1) failed; undefined when it was the last one. `delays` may be
 * shortened (tests, the bench) and `random` in [0, 1) picks the jitter.
 */
export function retryDelayMs(
  attempt: number,
  delays: readonly number[] = RETRY_DELAYS_MS,
  random: () => number = Math.random,
): number | undefined {
  const base = delays[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/** A response body worth keeping (docs/product.md §5, §9): valid JSON of at most 50 KB, else nothing. */
export function storableJson(body: Uint8Array | string): unknown {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  if (bytes.length === 0 || bytes.length > WEBHOOK_BODY_MAX_BYTES) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
