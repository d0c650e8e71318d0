import { INSIGHTS_LIMITS } from '#domain/insights';
import type { PeriodicTask } from '../../http/context.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { flushRequestStats, pruneRequestStats } from './meter/meter.ts';

/** Counts each API answer per company and hour for the health screen (server/src/api.ts uses it first). */
export { requestMeter, flushRequestStats } from './meter/meter.ts';

/** Writes the request counts gathered in memory (meter/meter.ts) every few seconds, and once more at stop. */
export const REQUEST_STATS_FLUSH: PeriodicTask = {
  name: 'tiinsights.request_stats_flush',
  intervalMs: INSIGHTS_LIMITS.flushMs,
  run: (deps) => flushRequestStats(deps),
  atStop: true,
};

/** Deletes hourly request statistics older than 30 days, once an hour. */
export const REQUEST_STATS_RETENTION: PeriodicTask = {
  name: 'tiinsights.request_stats_retention',
  intervalMs: 3_600_000,
  run: (deps, now) => pruneRequestStats(deps, now),
};

/** Internal insights' public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts. */
export function registerTiinsights(registry: ModuleRegistry): void {
  registry.periodicTask(REQUEST_STATS_FLUSH);
  registry.periodicTask(REQUEST_STATS_RETENTION);
}
