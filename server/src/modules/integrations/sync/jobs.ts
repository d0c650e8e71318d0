import { and, eq, inArray, sql } from 'drizzle-orm';
import { INTEGRATION_RUNNING_STATES, type SyncedKind } from '#domain/integrations';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs, storableJson } from '#domain/retries';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { integrationJobs, integrationLogs, integrations } from '../../../db/schema/index.ts';
import type { OutboxRow } from '../../../events/outbox.ts';
import type { AppDeps, ConsumerFactory, PeriodicTask } from '../../../http/context.ts';
import { OutboundError } from '../../../lib/outbound.ts';
import { openSecrets, type ConnectionRow } from '../connections/service.ts';

export type SyncJob = typeof integrationJobs.$inferSelect;
export type NewSyncJob = { action: string; dedupeKey: string; payload: Record<string, unknown> };
/** A running integration's settings and opened secrets, as a handler calls the service with them. */
export type SyncConnection = { row: ConnectionRow; settings: Record<string, unknown>; secrets: Record<string, string> };
/** What one call answered: its HTTP status and body (kept in the log when it is small JSON) and what to remember. */
export type SyncOutcome = { statusCode?: number; body?: string; result?: Record<string, unknown> };

/** A failed call; `retry: false` when trying again cannot help (a 4xx the service will answer again). */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly opts: { retry: boolean; statusCode?: number; body?: string },
  ) {
    super(message);
  }
}

/**
 * What an integration adds to the sync path (docs/product.md §1 CRM and construction platform): the jobs an outbox
 * event asks for, read inside the consumer's transaction, and how one job is performed against the service. Jobs
 * whose order matters (move a stage of a ticket not yet created) throw a retryable SyncError until they can run.
 */
export type SyncHandler = {
  kind: SyncedKind;
  jobsFor: (tx: Tx, event: OutboxRow, deps: AppDeps) => Promise<NewSyncJob[]>;
  perform: (deps: AppDeps, job: SyncJob, connection: SyncConnection) => Promise<SyncOutcome>;
};

/** Jobs claimed per pass, and how long a claim holds before another process may take the job. */
const BATCH = 20;
const CLAIM_MS = 120_000;
/** While the integration is off its jobs wait (the machine's stopSync), looked at again this much later. */
const PAUSED_MS = 15 * 60_000;

/** The outbox consumer that turns a company's events into jobs while its integration runs. */
export function syncConsumer(handler: SyncHandler): ConsumerFactory {
  return (deps) => async (tx, events) => {
    const companies = [...new Set(events.map((e) => e.companyId))];
    const running = await tx
      .select({ companyId: integrations.companyId })
      .from(integrations)
      .where(
        and(
          eq(integrations.kind, handler.kind),
          inArray(integrations.companyId, companies),
          inArray(integrations.state, [...INTEGRATION_RUNNING_STATES]),
        ),
      );
    const on = new Set(running.map((r) => r.companyId));
    for (const event of events) {
      if (!on.has(event.companyId)) continue;
      const jobs = await handler.jobsFor(tx, event, deps);
      if (!jobs.length) continue;
      await tx
        .insert(integrationJobs)
        .values(jobs.map((j) => ({ ...j, companyId: event.companyId, kind: handler.kind })))
        .onConflictDoNothing();
    }
  };
}

/** Claims due jobs: their next attempt is pushed past the claim, so a crashed pass leaves them to the next one. */
async function claimDue(deps: AppDeps, kind: SyncedKind, now: Date): Promise<SyncJob[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await deps.database.db.execute(sql`
    update ${integrationJobs} set next_attempt_at = ${until}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from ${integrationJobs}
      where kind = ${kind} and state = 'pendiente' and next_attempt_at <= ${now}
      order by next_attempt_at limit ${BATCH}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: number }>(rows).map((r) => r.id);
  if (!ids.length) return [];
  return deps.database.db.select().from(integrationJobs).where(inArray(integrationJobs.id, ids));
}

async function connectionFor(deps: AppDeps, job: SyncJob): Promise<SyncConnection | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, job.companyId), eq(integrations.kind, job.kind)));
  if (!row || !(INTEGRATION_RUNNING_STATES as readonly string[]).includes(row.state)) return undefined;
  return { row, settings: row.settings, secrets: openSecrets(deps, row) };
}

function failureOf(error: unknown): { retry: boolean; statusCode?: number; body?: string; message: string } {
  if (error instanceof SyncError) return { ...error.opts, message: error.message };
  // The network or a deadline: the service may answer next time.
  if (error instanceof OutboundError) return { retry: error.reason !== 'refused_target', message: error.message };
  return { retry: true, message: error instanceof Error ? error.message : String(error) };
}

/** Performs one claimed job and writes its attempt to the log; returns whether it succeeded. */
async function runJob(deps: AppDeps, handler: SyncHandler, job: SyncJob, now: Date, random: () => number) {
  const db = deps.database.db;
  const connection = await connectionFor(deps, job);
  if (!connection) {
    await db
      .update(integrationJobs)
      .set({ attempts: job.attempts - 1, nextAttemptAt: new Date(now.getTime() + PAUSED_MS) })
      .where(eq(integrationJobs.id, job.id));
    return 'paused' as const;
  }
  const started = performance.now();
  let outcome: SyncOutcome | undefined;
  let failure: ReturnType<typeof failureOf> | undefined;
  try {
    outcome = await handler.perform(deps, job, connection);
  } catch (error) {
    failure = failureOf(error);
  }
  const durationMs = Math.round(performance.now() - started);
  const delay = failure?.retry ? retryDelayMs(job.attempts, RETRY_DELAYS_MS, random) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(integrationJobs)
      .set(
        failure
          ? {
              state: delay === undefined ? 'fallido' : 'pendiente',
              nextAttemptAt: new Date(now.getTime() + (delay ?? 0)),
              lastError: failure.message.slice(0, 1000),
              updatedAt: new Date(),
            }
          : { state: 'hecho', result: outcome?.result ?? null, lastError: null, updatedAt: new Date() },
      )
      .where(eq(integrationJobs.id, job.id));
    const body = failure?.body ?? outcome?.body;
    await tx.insert(integrationLogs).values({
      companyId: job.companyId,
      kind: job.kind,
      jobId: job.id,
      action: job.action,
      attempt: job.attempts,
      ok: !failure,
      statusCode: failure?.statusCode ?? outcome?.statusCode ?? null,
      response: body === undefined ? null : (storableJson(body) ?? null),
      error: failure?.message.slice(0, 1000) ?? null,
      durationMs,
    });
  });
  return failure ? ('failed' as const) : ('done' as const);
}

/** One pass: every due job of the integration, in order of due time. */
export async function runDueJobs(
  deps: AppDeps,
  handler: SyncHandler,
  now = new Date(),
  random: () => number = Math.random,
) {
  const counts = { done: 0, failed: 0, paused: 0 };
  for (;;) {
    const jobs = await claimDue(deps, handler.kind, now);
    for (const job of jobs) counts[await runJob(deps, handler, job, now, random)] += 1;
    if (jobs.length < BATCH) return counts;
  }
}

/** The integration's part of the process: its consumer of events and its periodic pass over due jobs. */
export function syncRegistrations(handler: SyncHandler, intervalMs = 5_000) {
  const task: PeriodicTask = {
    name: `${handler.kind}-sync`,
    intervalMs,
    run: (deps, now) => runDueJobs(deps, handler, now),
  };
  return { consumerName: `${handler.kind}-sync`, consumer: syncConsumer(handler), task };
}

export { MAX_ATTEMPTS };
