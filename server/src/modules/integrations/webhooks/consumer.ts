import { and, eq, inArray } from 'drizzle-orm';
import { WEBHOOK_SOURCE_TYPES, webhookEventsOfSource } from '#domain/webhooks';
import type { Tx } from '../../../db/client.ts';
import { webhookDeliveries, webhookHooks, webhookSettings } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import type { ConsumerHandler } from '../../../events/consumer.ts';
import type { OutboxRow } from '../../../events/outbox.ts';
import { messageIdOf, webhookPayloadOf } from './payload.ts';
import { webhookTuning, wakeWebhookSender } from './tuning.ts';

async function companiesWithWebhooksOn(tx: Tx, companyIds: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ companyId: webhookSettings.companyId })
    .from(webhookSettings)
    .where(and(inArray(webhookSettings.companyId, companyIds), eq(webhookSettings.enabled, true)));
  return new Set(rows.map((r) => r.companyId));
}

/**
 * The outbox consumer 'webhooks' (docs/architecture.md §5): for each event a webhook event is made from, in a company
 * whose webhooks are on, one delivery per active hook subscribed to it. In the consumer's transaction, so the cursor
 * and the deliveries commit together; the (hook, message id) key makes a re-read event a no-op.
 */
export const webhookConsumer = (deps: AppDeps): ConsumerHandler => {
  return async (tx, events) => {
    const relevant = events.filter((e) => WEBHOOK_SOURCE_TYPES.includes(e.type));
    if (!relevant.length) return;
    const on = await companiesWithWebhooksOn(tx, [...new Set(relevant.map((e) => e.companyId))]);
    const wanted = relevant.filter((e) => on.has(e.companyId));
    if (!wanted.length) return;
    const hooks = await tx
      .select()
      .from(webhookHooks)
      .where(
        and(
          inArray(webhookHooks.companyId, [...on]),
          eq(webhookHooks.state, 'activo'),
          inArray(webhookHooks.event, [...new Set(wanted.flatMap((e) => webhookEventsOfSource(e.type)))]),
        ),
      );
    const maxAttempts = webhookTuning(deps).retryDelaysMs.length + 1;
    const rows = wanted.flatMap((event: OutboxRow) =>
      webhookEventsOfSource(event.type).flatMap((name) =>
        hooks
          .filter((h) => h.companyId === event.companyId && h.event === name)
          .map((h) => ({
            companyId: h.companyId,
            applicationId: h.applicationId,
            hookId: h.id,
            event: name,
            messageId: messageIdOf(event.id),
            outboxId: event.id,
            payload: webhookPayloadOf(name, event),
            maxAttempts,
          })),
      ),
    );
    if (!rows.length) return;
    await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    return { afterCommit: [async () => wakeWebhookSender(deps)] };
  };
};
