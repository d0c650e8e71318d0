import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { requestStats } from '../../../db/schema/index.ts';

/** One company's answers summed over the window (server/src/db/schema/insights.ts request_stats). */
export type RequestTotals = { requests: number; serverErrors: number; slow: number; totalMs: number; maxMs: number };

/** Request totals of every company with answers since `from` (one grouped query); `companyIds` narrows it. */
export async function requestTotals(
  db: DbOrTx,
  from: Date,
  companyIds?: number[],
): Promise<Map<number, RequestTotals>> {
  const rows = await db
    .select({
      companyId: requestStats.companyId,
      requests: sql<number>`coalesce(sum(${requestStats.requests}), 0)::int`,
      serverErrors: sql<number>`coalesce(sum(${requestStats.serverErrors}), 0)::int`,
      slow: sql<number>`coalesce(sum(${requestStats.slow}), 0)::int`,
      totalMs: sql<number>`coalesce(sum(${requestStats.totalMs}), 0)::float8`,
      maxMs: sql<number>`coalesce(max(${requestStats.maxMs}), 0)::int`,
    })
    .from(requestStats)
    .where(and(gte(requestStats.hour, from), companyIds ? inArray(requestStats.companyId, companyIds) : undefined))
    .groupBy(requestStats.companyId);
  return new Map(rows.map(({ companyId, ...totals }) => [companyId, { ...totals, totalMs: Number(totals.totalMs) }]));
}
