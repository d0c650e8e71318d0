import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { lt, sql } from 'drizzle-orm';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { AppDeps, AppEnv } from '../../../http/context.ts';
import { requestStats } from '../../../db/schema/index.ts';
import { ApiError } from '../../../lib/errors.ts';

/** One company's answers in one hour, as request_stats adds them up. */
type Counts = {
  companyId: number;
  hour: number;
  requests: number;
  serverErrors: number;
  clientErrors: number;
  slow: number;
  totalMs: number;
  maxMs: number;
};

/**
 * The counts not yet written, per process deps (test contexts run side by side in one process and must not mix):
 * a map keyed by company and hour, swapped out whole by each flush.
 */
const pending = new WeakMap<AppDeps, Map<string, Counts>>();

function bucketsOf(deps: AppDeps): Map<string, Counts> {
  let buckets = pending.get(deps);
  if (!buckets) pending.set(deps, (buckets = new Map()));
  return buckets;
}

const HOUR_MS = 3_600_000;

function add(buckets: Map<string, Counts>, c: Omit<Counts, 'maxMs'> & { maxMs: number }): void {
  const key = `${c.companyId}|${c.hour}`;
  const found = buckets.get(key);
  if (!found) {
    buckets.set(key, { ...c });
    return;
  }
  found.requests += c.requests;
  found.serverErrors += c.serverErrors;
  found.clientErrors += c.clientErrors;
  found.slow += c.slow;
  found.totalMs += c.totalMs;
  found.maxMs = Math.max(found.maxMs, c.maxMs);
}

/** The status a thrown error is answered with by server/src/http/middleware.ts errorHandler. */
function statusOfThrown(error: unknown): number {
  if (error instanceof ApiError) return error.status;
  if (error instanceof HTTPException) return error.status === 400 && /json/i.test(error.message) ? 422 : error.status;
  return 500;
}

/**
 * Counts every API answer of a signed-in user (staff or owner) per company and hour: requests, 5xx, 4xx, slow ones
 * and their time. The app's errorHandler (server/src/app.ts) is Hono's onError, which answers a thrown error where it
 * was thrown, so `next()` usually returns with the error's status already set; a throw that still reaches here is
 * counted as the status the handler will give it. Counting never fails a request.
 */
export const requestMeter: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  let thrown: { error: unknown } | undefined;
  try {
    await next();
  } catch (error) {
    thrown = { error };
    throw error;
  } finally {
    try {
      const user = c.get('user');
      if (user) {
        const status = thrown ? statusOfThrown(thrown.error) : c.res.status;
        const ms = Math.round(performance.now() - started);
        const now = Date.now();
        add(bucketsOf(c.get('deps')), {
          companyId: user.companyId,
          hour: now - (now % HOUR_MS),
          requests: 1,
          serverErrors: status >= 500 ? 1 : 0,
          clientErrors: status >= 400 && status < 500 ? 1 : 0,
          slow: ms >= INSIGHTS_LIMITS.slowRequestMs ? 1 : 0,
          totalMs: ms,
          maxMs: ms,
        });
      }
    } catch {
      // A count is never worth a failed answer.
    }
  }
};

/** Rows one flush writes per insert. */
const FLUSH_BATCH = 500;

/**
 * Adds the counts gathered since the last flush to request_stats (one upsert per company and hour, in batches). When
 * a write fails, the counts not written go back into the pending map, so the next flush carries them.
 */
export async function flushRequestStats(deps: AppDeps): Promise<{ rows: number }> {
  const buckets = pending.get(deps);
  if (!buckets || buckets.size === 0) return { rows: 0 };
  const taken = [...buckets.values()];
  pending.set(deps, new Map());
  let written = 0;
  try {
    for (let i = 0; i < taken.length; i += FLUSH_BATCH) {
      const batch = taken.slice(i, i + FLUSH_BATCH);
      await deps.database.db
        .insert(requestStats)
        .values(batch.map((b) => ({ ...b, hour: new Date(b.hour) })))
        .onConflictDoUpdate({
          target: [requestStats.companyId, requestStats.hour],
          set: {
            requests: sql`${requestStats.requests} + excluded.requests`,
            serverErrors: sql`${requestStats.serverErrors} + excluded.server_errors`,
            clientErrors: sql`${requestStats.clientErrors} + excluded.client_errors`,
            slow: sql`${requestStats.slow} + excluded.slow`,
            totalMs: sql`${requestStats.totalMs} + excluded.total_ms`,
            maxMs: sql`greatest(${requestStats.maxMs}, excluded.max_ms)`,
          },
        });
      written += batch.length;
    }
  } catch (error) {
    const back = bucketsOf(deps);
    for (const b of taken.slice(written)) add(back, b);
    throw error;
  }
  return { rows: written };
}

/** Hourly statistics older than this are deleted (the health screen reads a day). */
export const REQUEST_STATS_RETENTION_DAYS = 30;

export async function pruneRequestStats(deps: AppDeps, now = new Date()): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - REQUEST_STATS_RETENTION_DAYS * 86_400_000);
  const gone = await deps.database.db
    .delete(requestStats)
    .where(lt(requestStats.hour, before))
    .returning({ companyId: requestStats.companyId });
  return { deleted: gone.length };
}
