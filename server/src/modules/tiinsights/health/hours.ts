import { and, eq, gte } from 'drizzle-orm';
import type { z } from 'zod';
import type { healthHourSchema } from '#domain/insights-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { requestStats } from '../../../db/schema/index.ts';
import { averageMs, healthWindow } from './window.ts';

type HealthHour = z.infer<typeof healthHourSchema>;

/**
 * One company's answers by hour over the window (domain/insights-responses.ts healthHourSchema), oldest first,
 * every hour present: an hour without a request_stats row is all zeros.
 */
export async function healthHours(db: DbOrTx, companyId: number, now = new Date()): Promise<HealthHour[]> {
  const { from, hours } = healthWindow(now);
  const rows = await db
    .select()
    .from(requestStats)
    .where(and(eq(requestStats.companyId, companyId), gte(requestStats.hour, from)));
  const byHour = new Map(rows.map((r) => [r.hour.getTime(), r]));
  return hours.map((hour) => {
    const row = byHour.get(hour.getTime());
    return {
      hour: hour.toISOString(),
      requests: row?.requests ?? 0,
      server_errors: row?.serverErrors ?? 0,
      slow: row?.slow ?? 0,
      avg_ms: row ? averageMs(row.totalMs, row.requests) : 0,
    };
  });
}
