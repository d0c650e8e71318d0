import { eq, sql } from 'drizzle-orm';
import type { WebhookSettingsRow } from '#domain/webhooks-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { webhookSettings } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';

/** Whether the company's webhooks are on (off until an administrator turns them on). */
export async function webhooksEnabled(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: webhookSettings.enabled })
    .from(webhookSettings)
    .where(eq(webhookSettings.companyId, companyId));
  return row?.enabled ?? false;
}

/** GET …/webhooks/ajustes */
export async function getWebhookSettings(db: DbOrTx, user: SessionUser): Promise<WebhookSettingsRow> {
  return { enabled: await webhooksEnabled(db, user.companyId) };
}

/** PUT …/webhooks/ajustes: turning them off stops queueing and sending; what is queued waits until they are on again. */
export async function setWebhookSettings(
  db: DbOrTx,
  user: SessionUser,
  input: { enabled: boolean },
): Promise<WebhookSettingsRow> {
  await db
    .insert(webhookSettings)
    .values({ companyId: user.companyId, enabled: input.enabled })
    .onConflictDoUpdate({ target: webhookSettings.companyId, set: { enabled: input.enabled, updatedAt: sql`now()` } });
  return { enabled: input.enabled };
}
