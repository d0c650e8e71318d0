import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { INTEGRATION_RUNNING_STATES } from '#domain/integrations';
import { rowsOf } from '../../../db/client.ts';
import { integrationLogs, integrations, procoreLinks } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { translator } from '../../../lib/i18n.ts';
import { systemFailureEvent } from '../../after-sales/service.ts';
import { openSecrets } from '../connections/service.ts';
import { SyncError } from '../sync/jobs.ts';
import { credentialsOf, procoreRequest } from './procore-client.ts';

/**
 * Status comes back from Procore (docs/product.md §1 construction platform): every few minutes each linked
 * observation of an active integration is read; its status is recorded on the link and, when Procore closed it, the
 * failure is solved through the failure machine as the system (when its state allows; otherwise only recorded).
 */

export const STATUS_POLL = 'status_poll';
/** How often one observation is read again, and how many a pass takes. */
const POLL_EVERY_MS = 5 * 60_000;
const BATCH = 50;
/** Statuses Procore does not move on from by itself: such observations are no longer read. */
const FINAL_STATUSES = ['closed', 'void'];

type LinkRow = typeof procoreLinks.$inferSelect;

/**
 * Claims due links of active integrations: their synced_at moves to now in the same statement, and rows another
 * process is claiming are skipped, so two processes never read the same observation in one round.
 */
async function claimDueLinks(deps: AppDeps, now: Date): Promise<LinkRow[]> {
  const due = new Date(now.getTime() - POLL_EVERY_MS);
  const candidates = deps.database.db
    .select({ id: procoreLinks.id })
    .from(procoreLinks)
    .innerJoin(integrations, and(eq(integrations.companyId, procoreLinks.companyId), eq(integrations.kind, 'procore')))
    .where(
      and(
        inArray(integrations.state, [...INTEGRATION_RUNNING_STATES]),
        or(isNull(procoreLinks.remoteStatus), notInArray(procoreLinks.remoteStatus, FINAL_STATUSES)),
        or(isNull(procoreLinks.syncedAt), lt(procoreLinks.syncedAt, due)),
      ),
    )
    .orderBy(procoreLinks.syncedAt)
    .limit(BATCH)
    .for('update', { of: procoreLinks, skipLocked: true });
  const claimed = await deps.database.db.execute(sql`
    update ${procoreLinks} set synced_at = ${now} where id in (${candidates}) returning id`);
  const ids = rowsOf<{ id: number }>(claimed).map((r) => r.id);
  if (!ids.length) return [];
  return deps.database.db.select().from(procoreLinks).where(inArray(procoreLinks.id, ids));
}

async function logFailure(deps: AppDeps, link: LinkRow, error: unknown, durationMs: number) {
  await deps.database.db.insert(integrationLogs).values({
    companyId: link.companyId,
    kind: 'procore',
    action: STATUS_POLL,
    attempt: 1,
    ok: false,
    statusCode: error instanceof SyncError ? (error.opts.statusCode ?? null) : null,
    error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    durationMs,
  });
}

/** Reads one observation; brings its failure to solved when Procore closed it. */
async function pollLink(deps: AppDeps, link: LinkRow, credentials: ReturnType<typeof credentialsOf>) {
  if (!credentials) return 'skipped' as const;
  const answer = await procoreRequest(deps, credentials, {
    path: `/rest/v1.0/observations/items/${encodeURIComponent(link.procoreObservationId)}`,
    query: { project_id: link.procoreProjectId },
  });
  const status = (answer.json as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'string') return 'skipped' as const;
  await deps.database.db
    .update(procoreLinks)
    .set({ remoteStatus: status, updatedAt: new Date() })
    .where(eq(procoreLinks.id, link.id));
  if (status !== 'closed' || link.remoteStatus === 'closed') return 'read' as const;
  const solved = await systemFailureEvent(deps, link.companyId, link.failureId, 'failure.solve', translator('es'), {
    via: 'procore',
    procore_observation_id: link.procoreObservationId,
  });
  return solved ? ('solved' as const) : ('read' as const);
}

/** One pass over due observations, company by company (each with its own credentials). */
export async function pollObservations(deps: AppDeps, now = new Date()) {
  const counts = { read: 0, solved: 0, failed: 0, skipped: 0 };
  const links = await claimDueLinks(deps, now);
  const companies = [...new Set(links.map((l) => l.companyId))];
  const rows = companies.length
    ? await deps.database.db
        .select()
        .from(integrations)
        .where(and(eq(integrations.kind, 'procore'), inArray(integrations.companyId, companies)))
    : [];
  for (const link of links) {
    const row = rows.find((r) => r.companyId === link.companyId);
    const credentials = row && credentialsOf(row.companyId, row.settings, openSecrets(deps, row));
    const started = performance.now();
    try {
      counts[await pollLink(deps, link, credentials)] += 1;
    } catch (error) {
      counts.failed += 1;
      await logFailure(deps, link, error, Math.round(performance.now() - started));
    }
  }
  return counts;
}

export const PROCORE_STATUS_POLL: PeriodicTask = {
  name: 'procore-status-poll',
  intervalMs: 60_000,
  run: (deps, now) => pollObservations(deps, now),
};
