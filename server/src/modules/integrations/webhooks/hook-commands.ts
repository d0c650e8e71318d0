import { and, eq, sql } from 'drizzle-orm';
import { CONFIG_INTEGRATIONS } from '#domain/permissions';
import { webhookEventCommands, type WebhookEventCommandType } from '#domain/webhooks';
import type { WebhookHookRow } from '#domain/webhooks-responses';
import { webhookEventMachine, type WebhookEventEvent } from '#machines/webhook-event';
import type { Tx } from '../../../db/client.ts';
import { webhookApplications, webhookHooks } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import type { CommandActor } from '../../../auth/guard.ts';
import { ApiError } from '../../../lib/errors.ts';
import { translator, type Translate } from '../../../lib/i18n.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { runCommand } from '../../../commands/runner.ts';
import { toHookRow } from './applications.ts';
import { staffHolding } from '../../config/service.ts';

/** The integrations screen an administrator is sent to from the notification. */
export const WEBHOOKS_LINK = '/config/integraciones/webhooks';

/** Staff of the company whose profile lets them configure integrations (the notification's recipients). */
const integrationAdmins = (tx: Tx, companyId: number) => staffHolding(tx, companyId, CONFIG_INTEGRATIONS);

/**
 * The machine's notifyDisabled effect (docs/product.md §8 "webhook event disabled after all retries fail"): an outbox
 * event the notifications consumer turns into one notification per administrator.
 */
async function notifyDisabled(tx: Tx, hook: typeof webhookHooks.$inferSelect, appName: string): Promise<void> {
  const notify = await integrationAdmins(tx, hook.companyId);
  await recordEvent(tx, {
    type: 'webhook.disabled',
    companyId: hook.companyId,
    entity: { type: 'webhook_hook', id: hook.id },
    data: { ref: `${hook.event} (${appName})`, application_id: hook.applicationId, event: hook.event },
    notify,
    link: WEBHOOKS_LINK,
  });
}

/**
 * Sends one webhook-event machine event to a hook of `companyId` through the command runner (permission from
 * webhookEventCommands, 404 outside the company, 409 when the machine refuses) and performs its effects.
 */
export async function hookCommand(
  deps: AppDeps,
  actor: CommandActor,
  companyId: number,
  hookId: number,
  event: WebhookEventEvent,
  t: Translate,
): Promise<WebhookHookRow> {
  const { result } = await runCommand(deps, {
    machine: webhookEventMachine,
    machineName: 'webhookEvent',
    entity: { type: 'webhook_hook', id: hookId, companyId },
    commands: webhookEventCommands,
    actor,
    event,
    userId: typeof actor === 'object' ? actor.id : null,
    t,
    load: async (tx) => {
      const [row] = await tx
        .select({ hook: webhookHooks, appName: webhookApplications.name })
        .from(webhookHooks)
        .innerJoin(webhookApplications, eq(webhookApplications.id, webhookHooks.applicationId))
        .where(and(eq(webhookHooks.id, hookId), eq(webhookHooks.companyId, companyId)))
        .for('update', { of: webhookHooks });
      if (!row) return undefined;
      return { value: row.hook.state, context: { disabledReason: row.hook.disabledReason ?? null }, row };
    },
    persist: async (tx, next) => {
      const [hook] = await tx
        .update(webhookHooks)
        .set({ state: next.to, disabledReason: next.context.disabledReason, updatedAt: sql`now()` })
        .where(eq(webhookHooks.id, hookId))
        .returning();
      if (next.actions.some((a) => a.type === 'notifyDisabled')) await notifyDisabled(tx, hook, next.row.appName);
      return toHookRow(hook);
    },
    data: (next) => ({ ref: next.row.hook.event, application_id: next.row.hook.applicationId }),
  });
  return result;
}

/** A manual enable or disable from the configuration tab. */
export const manualHookCommand = (
  deps: AppDeps,
  user: Parameters<typeof hookCommand>[1] & { companyId: number },
  hookId: number,
  type: Exclude<WebhookEventCommandType, 'webhook.deliveryFailed'>,
  t: Translate,
) => hookCommand(deps, user, user.companyId, hookId, { type }, t);

/**
 * The sender's report of a delivery whose attempts ran out: the machine disables the hook on the last one. A hook
 * already disabled (by hand, or by another delivery) refuses the event: nothing to do.
 */
export async function reportDeliveryFailed(
  deps: AppDeps,
  hook: { id: number; companyId: number },
  attempt: number,
  maxAttempts: number,
): Promise<boolean> {
  try {
    await hookCommand(
      deps,
      'system',
      hook.companyId,
      hook.id,
      { type: 'webhook.deliveryFailed', attempt, maxAttempts },
      translator('es'),
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return false;
    throw error;
  }
}
