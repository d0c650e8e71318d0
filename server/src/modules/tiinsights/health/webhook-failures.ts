import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { webhookFailureSchema } from '#domain/insights-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { webhookDeliveries, webhookHooks } from '../../../db/schema/index.ts';

type WebhookFailure = z.infer<typeof webhookFailureSchema>;

/** How many of a company's last failed deliveries its health detail lists. */
export const LAST_WEBHOOK_FAILURES = 20;

/**
 * A company's last webhook deliveries that failed for good (status `fallido`, server/src/db/schema/integrations.ts
 * webhook_deliveries), newest first, with their hook's URL and the attempts made; `at` is the last change.
 */
export async function lastWebhookFailures(db: DbOrTx, companyId: number): Promise<WebhookFailure[]> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      url: webhookHooks.url,
      attempts: webhookDeliveries.attempts,
      at: webhookDeliveries.updatedAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookHooks, eq(webhookHooks.id, webhookDeliveries.hookId))
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.status, 'fallido')))
    .orderBy(desc(webhookDeliveries.updatedAt), desc(webhookDeliveries.id))
    .limit(LAST_WEBHOOK_FAILURES);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
