import { INSIGHTS_LIMITS } from '#domain/insights';

const HOUR_MS = 3_600_000;

/**
 * The hours a company's health reads (domain/insights.ts INSIGHTS_LIMITS.healthHours): the current hour and the ones
 * before it, oldest first, as request_stats keys them (server/src/modules/tiinsights/meter/meter.ts: an hour's start).
 * `from` is the first hour's start; webhook failures count from it too.
 */
export function healthWindow(now: Date): { from: Date; hours: Date[] } {
  const current = now.getTime() - (now.getTime() % HOUR_MS);
  const hours = Array.from(
    { length: INSIGHTS_LIMITS.healthHours },
    (_, i) => new Date(current - (INSIGHTS_LIMITS.healthHours - 1 - i) * HOUR_MS),
  );
  return { from: hours[0], hours };
}

/** A share of a total (0..1); nothing counted is 0. */
export const shareOf = (part: number, total: number) => (total > 0 ? part / total : 0);

/** Milliseconds per request, whole; no request is 0. */
export const averageMs = (totalMs: number, requests: number) => (requests > 0 ? Math.round(totalMs / requests) : 0);
