import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { webhookApplications, webhookDeliveries, webhookHooks } from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The webhook records a route parameter may stand for (configuracion/integraciones/webhooks). */
export type WebhookSamples = { webhookApplication?: number; webhookHook?: number; webhookDelivery?: number };

/** `kindOf` for the webhook routes' parameters. */
export const WEBHOOK_PARAM_KINDS = {
  applicationId: 'webhookApplication',
  hookId: 'webhookHook',
  deliveryId: 'webhookDelivery',
} as const;

async function firstOf(ctx: TestContext, table: PgTable, id: PgColumn, company: PgColumn, companyId: number) {
  const [row] = await ctx.db.select({ id }).from(table).where(eq(company, companyId)).orderBy(asc(id)).limit(1);
  return row?.id as number | undefined;
}

/** The first application, event and delivery of a company, when it has any (the seed has none). */
export async function webhookSamplesIn(ctx: TestContext, companyId: number): Promise<WebhookSamples> {
  return {
    webhookApplication: await firstOf(
      ctx,
      webhookApplications,
      webhookApplications.id,
      webhookApplications.companyId,
      companyId,
    ),
    webhookHook: await firstOf(ctx, webhookHooks, webhookHooks.id, webhookHooks.companyId, companyId),
    webhookDelivery: await firstOf(
      ctx,
      webhookDeliveries,
      webhookDeliveries.id,
      webhookDeliveries.companyId,
      companyId,
    ),
  };
}

/**
 * An application named `marker` with one event and one failed delivery, written straight to the tables. Its URL never
 * resolves (.invalid), so a sweep's test-event call fails at once instead of reaching out.
 */
export async function webhookRecordsIn(ctx: TestContext, companyId: number, marker: string): Promise<WebhookSamples> {
  const [app] = await ctx.db
    .insert(webhookApplications)
    .values({ companyId, name: marker, secretSealed: 'v1.sweep.sweep.sweep', secretHint: 'weep' })
    .returning();
  const [hook] = await ctx.db
    .insert(webhookHooks)
    .values({ companyId, applicationId: app.id, event: 'ticket.created', url: 'https://hooks.example.invalid/sweep' })
    .returning();
  const [delivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      companyId,
      applicationId: app.id,
      hookId: hook.id,
      event: 'ticket.created',
      messageId: `msg_sweep_${hook.id}`,
      payload: { type: 'ticket.created', data: { marker } },
      attempts: 1,
      maxAttempts: 1,
      status: 'fallido',
    })
    .returning();
  return { webhookApplication: app.id, webhookHook: hook.id, webhookDelivery: delivery.id };
}
