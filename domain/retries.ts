/**
 * How the server retries a call to another service (webhook deliveries, CRM and platform syncs): exponential
 * backoff with jitter over about a day (docs/product.md §8: when every attempt fails the target is told so). The
 * delays after each failed attempt, in seconds; the attempt after the last delay is the last one.
 */
export const RETRY_DELAYS_S = [5, 60, 300, 1_800, 7_200, 21_600, 54_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** Up to a fifth more or less than the nominal delay, so failures of many events do not retry in lockstep. */
const JITTER = 0.2;

/**
 * Milliseconds to wait after `attempt` (counted from 1) failed; undefined when it was the last one. `random` in
 * [0, 1) picks the jitter (injectable for tests).
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_S[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * 1000 * (1 - JITTER + 2 * JITTER * random()));
}

/** A response body worth keeping (docs/product.md §5, §9): valid JSON of at most 50 KB, else nothing. */
export const STORED_BODY_MAX_BYTES = 50 * 1024;
export function storableJson(body: Uint8Array | string): unknown {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  if (new TextEncoder().encode(text).length > STORED_BODY_MAX_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
