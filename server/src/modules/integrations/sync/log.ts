import { and, desc, eq, sql } from 'drizzle-orm';
import { SYNC_LOG_LIMIT, type SyncedKind } from '#domain/integrations';
import type { SyncLog } from '#domain/integrations-responses';
import type { Db } from '../../../db/client.ts';
import { integrationJobs, integrationLogs } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';

/** GET configuracion/integraciones/{kind}/registro: the newest attempts and how many calls wait or failed. */
export async function syncLog(db: Db, user: SessionUser, kind: SyncedKind): Promise<SyncLog> {
  const [rows, [counts]] = await Promise.all([
    db
      .select({ log: integrationLogs, jobState: integrationJobs.state })
      .from(integrationLogs)
      .leftJoin(integrationJobs, eq(integrationJobs.id, integrationLogs.jobId))
      .where(and(eq(integrationLogs.companyId, user.companyId), eq(integrationLogs.kind, kind)))
      .orderBy(desc(integrationLogs.createdAt), desc(integrationLogs.id))
      .limit(SYNC_LOG_LIMIT),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${integrationJobs.state} = 'pendiente')::int`,
        failed: sql<number>`count(*) filter (where ${integrationJobs.state} = 'fallido')::int`,
      })
      .from(integrationJobs)
      .where(and(eq(integrationJobs.companyId, user.companyId), eq(integrationJobs.kind, kind))),
  ]);
  return {
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
    rows: rows.map(({ log, jobState }) => ({
      id: log.id,
      job_id: log.jobId,
      job_state: jobState,
      action: log.action,
      attempt: log.attempt,
      ok: log.ok,
      status_code: log.statusCode,
      response: log.response ?? null,
      error: log.error,
      duration_ms: log.durationMs,
      created_at: log.createdAt.toISOString(),
    })),
  };
}

/** POST …/registro/{jobId}/reintentar: a call that failed for good gets a fresh round of attempts, now. */
export async function retryJob(db: Db, user: SessionUser, kind: SyncedKind, jobId: number) {
  const [job] = await db
    .select()
    .from(integrationJobs)
    .where(
      and(eq(integrationJobs.id, jobId), eq(integrationJobs.companyId, user.companyId), eq(integrationJobs.kind, kind)),
    );
  if (!job) throw notFound();
  if (job.state !== 'fallido') throw conflict('integrations.sync.not_failed');
  await db
    .update(integrationJobs)
    .set({ state: 'pendiente', attempts: 0, nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(eq(integrationJobs.id, jobId));
}
