import { sql } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import { usageCounts, usageUserDays } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { createUsageMeter, rowsOf, type UsageMeter } from './meter.ts';

/** Rows per upsert statement: 1,000 × 8 columns stays far under PostgreSQL's 65,535 parameters. */
export const FLUSH_CHUNK = 1_000;

type Flushing = { meter: UsageMeter; running?: Promise<Record<string, number>> };

// One meter per process's deps (server/src/deps.ts builds one per process, and one per test context), so two test
// contexts in one worker never share counts.
const meters = new WeakMap<AppDeps, Flushing>();

function stateOf(deps: AppDeps): Flushing {
  let state = meters.get(deps);
  if (!state) meters.set(deps, (state = { meter: createUsageMeter() }));
  return state;
}

/** The accumulator of this process (usage/middleware.ts and the screen report record into it). */
export const meterOf = (deps: AppDeps): UsageMeter => stateOf(deps).meter;

const chunksOf = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / FLUSH_CHUNK) }, (_, i) =>
    rows.slice(i * FLUSH_CHUNK, (i + 1) * FLUSH_CHUNK),
  );

/**
 * Adds what the meter counted to usage_counts and usage_user_days (`count = count + excluded.count`), in multi-row
 * upserts of at most FLUSH_CHUNK rows, in one transaction: a failed write is logged and its counts go back into the
 * meter for the next flush, so nothing is lost or counted twice, and nothing is thrown at the caller. One flush at a
 * time per process; a call during one waits for it, then writes what came in meanwhile.
 */
export async function flushUsage(deps: AppDeps): Promise<Record<string, number>> {
  const state = stateOf(deps);
  while (state.running) await state.running;
  const batch = state.meter.take();
  if (!batch.counts.size && !batch.days.size) return { counts: 0, user_days: 0 };
  const running = (async (): Promise<Record<string, number>> => {
    const rows = rowsOf(batch);
    try {
      await deps.database.db.transaction(async (tx) => {
        for (const chunk of chunksOf(rows.counts))
          await tx
            .insert(usageCounts)
            .values(chunk)
            .onConflictDoUpdate({
              target: [
                usageCounts.companyId,
                usageCounts.day,
                usageCounts.userId,
                usageCounts.projectId,
                usageCounts.module,
                usageCounts.kind,
                usageCounts.name,
              ],
              set: { count: sql`${usageCounts.count} + excluded.count` },
            });
        for (const chunk of chunksOf(rows.days))
          await tx
            .insert(usageUserDays)
            .values(chunk)
            .onConflictDoUpdate({
              target: [usageUserDays.companyId, usageUserDays.day, usageUserDays.userId, usageUserDays.projectId],
              set: { events: sql`${usageUserDays.events} + excluded.events` },
            });
      });
      return { counts: rows.counts.length, user_days: rows.days.length };
    } catch (error) {
      state.meter.restore(batch);
      deps.log.error('usage flush failed; its counts are kept for the next one', {
        error: String(error),
        counts: rows.counts.length,
      });
      return { counts: 0, user_days: 0, kept: rows.counts.length };
    }
  })();
  state.running = running;
  try {
    return await running;
  } finally {
    state.running = undefined;
  }
}

/** The meter's writes, every INSIGHTS_LIMITS.flushMs (runtime/periodic.ts runs it). */
export const USAGE_FLUSH: PeriodicTask = {
  name: 'ocinsights.usage_flush',
  intervalMs: INSIGHTS_LIMITS.flushMs,
  run: (deps) => flushUsage(deps),
  atStop: true,
};
