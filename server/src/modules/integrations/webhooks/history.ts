import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WEBHOOK_LOG_MAX } from '#domain/limits';
import type { WebhookLogRow } from '#domain/webhooks-responses';
import type { webhookLogQuerySchema, webhookReplayFailedSchema } from '#domain/schemas/webhooks';
import { webhookApplications, webhookDeliveries, webhookHooks, webhookLogs } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { wakeWebhookSender } from './tuning.ts';

/** GET …/webhooks/historial: the latest attempts, newest first, at most 100 (docs/product.md §9). */
export async function listWebhookLogs(
  deps: AppDeps,
  user: SessionUser,
  q: z.output<typeof webhookLogQuerySchema>,
): Promise<WebhookLogRow[]> {
  const rows = await deps.database.db
    .select({ log: webhookLogs, appName: webhookApplications.name, deliveryStatus: webhookDeliveries.status })
    .from(webhookLogs)
    .innerJoin(webhookApplications, eq(webhookApplications.id, webhookLogs.applicationId))
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookLogs.deliveryId))
    .where(
      and(
        eq(webhookLogs.companyId, user.companyId),
        q.application_id !== undefined ? eq(webhookLogs.applicationId, q.application_id) : undefined,
        q.event !== undefined ? eq(webhookLogs.event, q.event) : undefined,
        q.status !== undefined ? eq(webhookLogs.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(webhookLogs.dateTime), desc(webhookLogs.id))
    .limit(WEBHOOK_LOG_MAX);
  return rows.map(({ log, appName, deliveryStatus }) => ({
    id: log.id,
    application: { id: log.applicationId, name: appName },
    delivery_id: log.deliveryId,
    delivery_status: deliveryStatus ?? null,
    message_id: log.messageId,
    module: log.module,
    event: log.event,
    url: log.url,
    attempt: log.attempt,
    date_time: log.dateTime.toISOString(),
    signature: log.signature,
    content: log.content,
    response: log.response,
    http_status: log.httpStatus,
    duration_ms: log.durationMs,
    error: log.error,
    status: log.status,
  }));
}

/** Queues deliveries for one more attempt each, as soon as possible, with their own webhook-id. */
const requeue = {
  status: 'pendiente' as const,
  isReplay: true,
  maxAttempts: sql`${webhookDeliveries.attempts} + 1`,
  nextAttemptAt: sql`now()`,
  updatedAt: sql`now()`,
};

/** POST …/webhooks/historial/{deliveryId}/reenviar: one delivery again (a new attempt, the same webhook-id). */
export async function replayDelivery(
  deps: AppDeps,
  user: SessionUser,
  deliveryId: number,
): Promise<{ queued: number }> {
  const [row] = await deps.database.db
    .select({ id: webhookDeliveries.id, hookState: webhookHooks.state })
    .from(webhookDeliveries)
    .innerJoin(webhookHooks, eq(webhookHooks.id, webhookDeliveries.hookId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, user.companyId)));
  if (!row) throw notFound();
  if (row.hookState !== 'activo') throw conflict('integrations.webhooks.hook_disabled');
  await deps.database.db.update(webhookDeliveries).set(requeue).where(eq(webhookDeliveries.id, deliveryId));
  wakeWebhookSender(deps);
  return { queued: 1 };
}

/** POST …/webhooks/historial/reenviar-fallidos: every failed delivery since a moment, of active hooks. */
export async function replayFailedSince(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof webhookReplayFailedSchema>,
): Promise<{ queued: number }> {
  const ids = deps.database.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookHooks, eq(webhookHooks.id, webhookDeliveries.hookId))
    .where(
      and(
        eq(webhookDeliveries.companyId, user.companyId),
        eq(webhookDeliveries.status, 'fallido'),
        gte(webhookDeliveries.createdAt, new Date(input.since)),
        eq(webhookHooks.state, 'activo'),
        input.application_id !== undefined ? eq(webhookDeliveries.applicationId, input.application_id) : undefined,
      ),
    );
  const updated = await deps.database.db
    .update(webhookDeliveries)
    .set(requeue)
    .where(inArray(webhookDeliveries.id, ids))
    .returning({ id: webhookDeliveries.id });
  wakeWebhookSender(deps);
  return { queued: updated.length };
}
