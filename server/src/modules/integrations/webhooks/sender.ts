import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { webhookApplications, webhookDeliveries, webhookHooks, webhookSettings } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { createRunLoop } from '../../../events/run-loop.ts';
import { recordAttempts, sendAttempt, type AttemptMade, type DueDelivery } from './attempt.ts';
import { openSecret } from './applications.ts';
import { setWebhookSender, webhookTuning } from './tuning.ts';

/**
 * Claims up to `batch` due deliveries of active hooks in companies whose webhooks are on: FOR UPDATE SKIP LOCKED so
 * several processes share the queue, and their next attempt pushed past the lease so none is sent twice at once.
 */
async function claimDue(deps: AppDeps): Promise<DueDelivery[]> {
  const { batch, leaseMs } = webhookTuning(deps);
  return deps.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ delivery: webhookDeliveries, url: webhookHooks.url, sealed: webhookApplications.secretSealed })
      .from(webhookDeliveries)
      .innerJoin(webhookHooks, eq(webhookHooks.id, webhookDeliveries.hookId))
      .innerJoin(webhookApplications, eq(webhookApplications.id, webhookDeliveries.applicationId))
      .innerJoin(webhookSettings, eq(webhookSettings.companyId, webhookDeliveries.companyId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pendiente'),
          lte(webhookDeliveries.nextAttemptAt, sql`now()`),
          eq(webhookHooks.state, 'activo'),
          eq(webhookSettings.enabled, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(batch)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (!due.length) return [];
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((r) => r.delivery.id),
        ),
      );
    return due.map((r) => ({ ...r.delivery, url: r.url, secret: openSecret(deps, { secretSealed: r.sealed }) }));
  });
}

/** Runs `work` over `items` with at most `limit` in flight; the results in any order. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  let next = 0;
  const results: R[] = [];
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) results.push(await work(items[next++]));
  });
  await Promise.all(lanes);
  return results;
}

/**
 * The webhook sender (docs/architecture.md §5): a run loop that takes due deliveries in batches, signs and sends them,
 * logs each attempt and schedules the retries. Waiting deliveries stay in the table, so memory does not grow while a
 * receiver is down. Started by the event flow (events/flow.ts) as the module's background worker.
 */
export function createWebhookSender(deps: AppDeps, opts: { pollMs?: number } = {}) {
  const log = deps.log.child({ component: 'webhooks' });
  let sent = 0;
  const loop = createRunLoop({
    step: async () => {
      const due = await claimDue(deps);
      const made: AttemptMade[] = await inPool(due, webhookTuning(deps).concurrency, (d) => sendAttempt(deps, d));
      // One transaction for the batch's logs and next steps; if it fails, the lease brings them back (same webhook-id).
      await recordAttempts(deps, made);
      sent += made.length;
      return due.length === webhookTuning(deps).batch;
    },
    pollMs: opts.pollMs ?? 1000,
    backoffMs: (failures) => Math.min(30_000, 500 * 2 ** failures),
    onError: (error) => log.error('webhook sender failed; will retry', { error }),
  });
  const sender = {
    name: 'webhooks',
    start() {
      setWebhookSender(deps, sender);
      loop.start();
    },
    wake: () => loop.wake(),
    idle: () => loop.idle(),
    get sent() {
      return sent;
    },
    async stop() {
      setWebhookSender(deps, undefined);
      await loop.stop();
    },
  };
  return sender;
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
