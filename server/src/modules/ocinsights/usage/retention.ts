import { sql } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import { rowsOf } from '../../../db/client.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';

/** Rows one delete takes: short statements, so the sweep never holds many locks or a long transaction. */
export const RETENTION_BATCH = 5_000;

/** The first day kept: INSIGHTS_LIMITS.retentionDays back from `now` (UTC; a day either way does not matter here). */
export function retentionCutoff(now: Date): string {
  return new Date(now.getTime() - INSIGHTS_LIMITS.retentionDays * 86_400_000).toISOString().slice(0, 10);
}

async function sweepTable(deps: AppDeps, table: 'usage_counts' | 'usage_user_days', cutoff: string) {
  let deleted = 0;
  for (;;) {
    const result = await deps.database.db.execute(sql`
      with doomed as (select ctid from ${sql.identifier(table)} where day < ${cutoff}::date limit ${RETENTION_BATCH})
      delete from ${sql.identifier(table)} where ctid in (select ctid from doomed) returning 1 as gone`);
    const n = rowsOf(result).length;
    deleted += n;
    if (n < RETENTION_BATCH) return deleted;
  }
}

/** Deletes the daily counts older than INSIGHTS_LIMITS.retentionDays, in batches of RETENTION_BATCH rows. */
export async function sweepUsage(deps: AppDeps, now = new Date()): Promise<Record<string, number>> {
  const cutoff = retentionCutoff(now);
  return {
    usage_counts: await sweepTable(deps, 'usage_counts', cutoff),
    usage_user_days: await sweepTable(deps, 'usage_user_days', cutoff),
  };
}

export const USAGE_RETENTION: PeriodicTask = {
  name: 'ocinsights.usage_retention',
  intervalMs: 6 * 3_600_000,
  run: (deps, now) => sweepUsage(deps, now),
};
