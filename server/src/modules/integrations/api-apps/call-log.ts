import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { API_CALL_LOG_MAX, API_CALL_RETENTION_DAYS } from '#domain/api-apps';
import type { ApiCallRow } from '#domain/api-apps-responses';
import type { ApiCallLogQuery } from '#domain/schemas/api-apps';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { apiAppCalls } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { envelope, offsetOf, type ListEnvelope } from '../../../lib/paging.ts';
import { loadApiApp } from './service.ts';

/** What one public API call leaves in its app's log. */
export type CallEntry = { appId: number; method: string; path: string; status: number; startedAt: number };

const PATH_MAX = 500;

/** Writes one call (a path longer than 500 characters is cut: the log is for reading, not replaying). */
export async function recordCall(db: DbOrTx, entry: CallEntry): Promise<void> {
  await db.insert(apiAppCalls).values({
    appId: entry.appId,
    method: entry.method,
    path: entry.path.slice(0, PATH_MAX),
    status: entry.status,
    latencyMs: Math.max(0, Math.round(performance.now() - entry.startedAt)),
  });
}

/** Drops an app's calls older than the retention (run when the app takes a token: at most hourly per app). */
export async function pruneCalls(db: DbOrTx, appId: number): Promise<void> {
  await db
    .delete(apiAppCalls)
    .where(
      and(
        eq(apiAppCalls.appId, appId),
        lt(apiAppCalls.at, sql`now() - make_interval(days => ${API_CALL_RETENTION_DAYS})`),
      ),
    );
}

/**
 * GET configuracion/integraciones/apps/{appId}/logs: newest first, within the retention, and only the newest
 * API_CALL_LOG_MAX of them in all (docs/product.md §9: a log shows at most 100 records).
 */
export async function listCalls(
  db: Db,
  user: SessionUser,
  appId: number,
  q: ApiCallLogQuery,
): Promise<ListEnvelope<ApiCallRow>> {
  await loadApiApp(db, user, appId);
  const recent = and(
    eq(apiAppCalls.appId, appId),
    sql`${apiAppCalls.at} >= now() - make_interval(days => ${API_CALL_RETENTION_DAYS})`,
  );
  const offset = offsetOf(q);
  const room = Math.max(0, API_CALL_LOG_MAX - offset);
  const [rows, [{ n }]] = await Promise.all([
    room
      ? db
          .select()
          .from(apiAppCalls)
          .where(recent)
          .orderBy(desc(apiAppCalls.at), desc(apiAppCalls.id))
          .limit(Math.min(q.rowsPerPage, room))
          .offset(offset)
      : Promise.resolve([]),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiAppCalls)
      .where(recent),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    method: r.method,
    path: r.path,
    status: r.status,
    latency_ms: r.latencyMs,
    at: r.at.toISOString(),
  }));
  return envelope(data, Math.min(n, API_CALL_LOG_MAX), q);
}
