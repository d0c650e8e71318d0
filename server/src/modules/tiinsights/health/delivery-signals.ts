import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { outbox, webhookDeliveries } from '../../../db/schema/index.ts';

/** A company's unpublished outbox events and how long the oldest has waited (server/src/db/schema/core.ts outbox). */
export type OutboxBacklog = { pending: number; lagSeconds: number };

/** The outbox backlog of every company with unpublished events (one grouped query); `companyIds` narrows it. */
export async function outboxBacklogs(
  db: DbOrTx,
  now: Date,
  companyIds?: number[],
): Promise<Map<number, OutboxBacklog>> {
  const rows = await db
    .select({
      companyId: outbox.companyId,
      pending: sql<number>`count(*)::int`,
      lagSeconds: sql<number>`greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - min(${outbox.createdAt})))))::int`,
    })
    .from(outbox)
    .where(and(isNull(outbox.publishedAt), companyIds ? inArray(outbox.companyId, companyIds) : undefined))
    .groupBy(outbox.companyId);
  return new Map(rows.map((r) => [r.companyId, { pending: r.pending, lagSeconds: r.lagSeconds }]));
}

/**
 * Webhook deliveries that failed for good since `from`, per company: status `fallido` once every attempt failed
 * (domain/webhooks.ts WEBHOOK_DELIVERY_STATUSES), dated by their last change. One grouped query.
 */
export async function webhookFailureCounts(
  db: DbOrTx,
  from: Date,
  companyIds?: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ companyId: webhookDeliveries.companyId, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'fallido'),
        gte(webhookDeliveries.updatedAt, from),
        companyIds ? inArray(webhookDeliveries.companyId, companyIds) : undefined,
      ),
    )
    .groupBy(webhookDeliveries.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}
