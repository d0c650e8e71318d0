import { and, eq, sql } from 'drizzle-orm';
import type { FailureState } from '#domain/failures';
import type { Tx } from '../../../db/client.ts';
import { integrationJobs, procoreLinks } from '../../../db/schema/index.ts';
import type { OutboxRow } from '../../../events/outbox.ts';
import type { AppDeps } from '../../../http/context.ts';
import { failureForIntegration } from '../../after-sales/service.ts';
import { SyncError, type NewSyncJob, type SyncConnection, type SyncHandler, type SyncJob } from '../sync/jobs.ts';
import { credentialsOf, procoreRequest } from './procore-client.ts';
import { procoreProjectOf } from './project-links.ts';

/**
 * Failures → Procore observations (docs/product.md §1 construction platform): a failure registered on a ticket of a
 * linked project becomes an observation; each later change of its outcome moves the observation's status.
 */

export const OBSERVATION_CREATE = 'observation_create';
export const OBSERVATION_UPDATE = 'observation_update';

/** Our failure state → the observation status Procore shows for it. */
export const OBSERVATION_STATUS_OF: Record<FailureState, string> = {
  pendiente: 'initiated',
  falla: 'initiated',
  solucionada: 'ready_for_review',
  solucionada_postventa: 'ready_for_review',
  cumple: 'void',
  no_aplica: 'void',
};

/** Whether Procore must hear the status: not when it already has it, nor "ready for review" of what it closed. */
const needsUpdate = (remote: string | null, target: string) =>
  remote !== target && !(remote === 'closed' && target === 'ready_for_review');

type FailureEventData = { failureId?: unknown };
const failureIdOf = (event: OutboxRow) => {
  const id = (event.payload.data as FailureEventData | undefined)?.failureId;
  return typeof id === 'number' ? id : undefined;
};

async function linkOf(db: AppDeps['database']['db'] | Tx, companyId: number, failureId: number) {
  const [row] = await db
    .select()
    .from(procoreLinks)
    .where(and(eq(procoreLinks.companyId, companyId), eq(procoreLinks.failureId, failureId)));
  return row;
}

/** Whether the failure's observation exists or is on its way (an unfinished create job). */
async function observationKnown(tx: Tx, companyId: number, failureId: number) {
  if (await linkOf(tx, companyId, failureId)) return true;
  const [job] = await tx
    .select({ id: integrationJobs.id })
    .from(integrationJobs)
    .where(
      and(
        eq(integrationJobs.companyId, companyId),
        eq(integrationJobs.kind, 'procore'),
        eq(integrationJobs.action, OBSERVATION_CREATE),
        sql`${integrationJobs.payload}->>'failureId' = ${String(failureId)}`,
      ),
    )
    .limit(1);
  return Boolean(job);
}

async function jobsFor(tx: Tx, event: OutboxRow): Promise<NewSyncJob[]> {
  const failureId = failureIdOf(event);
  if (event.type !== 'failure.changed' || !failureId) return [];
  const { action, from, to } = event.payload as { action?: string; from?: unknown; to?: unknown };
  if (action === 'failure.create') {
    const procoreProjectId = await procoreProjectOf(tx, event.companyId, event.projectId);
    if (!procoreProjectId) return [];
    return [
      {
        action: OBSERVATION_CREATE,
        dedupeKey: `outbox:${event.id}:${OBSERVATION_CREATE}`,
        payload: { failureId, procoreProjectId },
      },
    ];
  }
  const outcomeChanged = from !== undefined && from !== to;
  if (!outcomeChanged || !(await observationKnown(tx, event.companyId, failureId))) return [];
  return [
    { action: OBSERVATION_UPDATE, dedupeKey: `outbox:${event.id}:${OBSERVATION_UPDATE}`, payload: { failureId } },
  ];
}

const describeFailure = (f: NonNullable<Awaited<ReturnType<typeof failureForIntegration>>>) => ({
  name: [f.placeName, f.itemName, f.detailName].filter(Boolean).join(' · ').slice(0, 250),
  description: [`${f.ticketCode}`, f.description].filter(Boolean).join('\n\n'),
});

async function perform(deps: AppDeps, job: SyncJob, connection: SyncConnection) {
  const credentials = credentialsOf(job.companyId, connection.settings, connection.secrets);
  if (!credentials) throw new SyncError('Procore is not configured', { retry: false });
  const db = deps.database.db;
  const failureId = Number(job.payload.failureId);
  const failure = await failureForIntegration(db, job.companyId, failureId);
  if (!failure) return { result: { skipped: 'failure_gone' } };
  const link = await linkOf(db, job.companyId, failureId);

  if (job.action === OBSERVATION_CREATE) {
    if (link) return { result: { observationId: link.procoreObservationId, skipped: 'already_created' } };
    const projectId = String(job.payload.procoreProjectId);
    const status = OBSERVATION_STATUS_OF[failure.state];
    const answer = await procoreRequest(deps, credentials, {
      method: 'POST',
      path: '/rest/v1.0/observations/items',
      query: { project_id: projectId },
      body: { project_id: Number(projectId), observation: { ...describeFailure(failure), status } },
    });
    const remoteId = (answer.json as { id?: unknown } | undefined)?.id;
    if (typeof remoteId !== 'number' && typeof remoteId !== 'string')
      throw new SyncError('Procore answered without an observation id', { retry: true, statusCode: answer.status });
    await db
      .insert(procoreLinks)
      .values({
        companyId: job.companyId,
        failureId,
        procoreProjectId: projectId,
        procoreObservationId: String(remoteId),
        remoteStatus: status,
        syncedAt: new Date(),
      })
      .onConflictDoNothing();
    return { statusCode: answer.status, body: answer.text, result: { observationId: String(remoteId) } };
  }

  // An update that runs before its observation exists waits for the create job (retried with backoff).
  if (!link) throw new SyncError('The observation is not created yet', { retry: true });
  const status = OBSERVATION_STATUS_OF[failure.state];
  if (!needsUpdate(link.remoteStatus, status)) return { result: { status, skipped: 'unchanged' } };
  const answer = await procoreRequest(deps, credentials, {
    method: 'PATCH',
    path: `/rest/v1.0/observations/items/${encodeURIComponent(link.procoreObservationId)}`,
    query: { project_id: link.procoreProjectId },
    body: { observation: { status } },
  });
  await db
    .update(procoreLinks)
    .set({ remoteStatus: status, syncedAt: new Date(), updatedAt: new Date() })
    .where(eq(procoreLinks.id, link.id));
  return { statusCode: answer.status, body: answer.text, result: { status } };
}

export const procoreSyncHandler: SyncHandler = { kind: 'procore', jobsFor, perform };
