import type { ModuleRegistry } from '../../registry.ts';
import { USAGE_FLUSH } from './usage/flush.ts';
import { USAGE_RETENTION } from './usage/retention.ts';

/** Counts each API action of a signed-in staff user (server/src/api.ts uses it after the session loader). */
export { usageMeter } from './usage/middleware.ts';
/** Writes what the process counted now (tests, and a shutdown that wants nothing lost). */
export { flushUsage } from './usage/flush.ts';

/**
 * Usage insights' public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts:
 * the meter's flush every INSIGHTS_LIMITS.flushMs (usage/flush.ts) and the retention sweep of the daily counts older
 * than INSIGHTS_LIMITS.retentionDays (usage/retention.ts).
 */
export function registerOcinsights(registry: ModuleRegistry): void {
  registry.periodicTask(USAGE_FLUSH);
  registry.periodicTask(USAGE_RETENTION);
}
