import { emptyBody, type CommandTable } from './commands.ts';
import { CONFIG_INTEGRATIONS } from './permissions.ts';
import { WEBHOOK_EVENTS, type WebhookEventName, type WebhookModule } from './webhook-events.ts';

/** docs/product.md §3 webhook delivery: waiting for its next attempt, delivered (2xx), or every attempt failed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pendiente', 'entregado', 'fallido'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt's outcome in the webhook log (docs/product.md §3 Webhook log "status"). */
export const WEBHOOK_ATTEMPT_STATUSES = ['entregado', 'fallido'] as const;
export type WebhookAttemptStatus = (typeof WEBHOOK_ATTEMPT_STATUSES)[number];

/** An attempt waits this long for the receiver's answer (docs/product.md §8). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** The history tab's note: deliveries are attempted within seconds, retries take longer (docs/product.md §9). */
export const WEBHOOK_HISTORY_DELAY_MINUTES = 15;

/** Standard Webhooks signing secrets: `whsec_` + base64 of 24 random bytes (192 bits). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 24;

/** A catalogue event's module (docs/product.md §3 Webhook log "module"). */
export function webhookModuleOf(event: string): WebhookModule | undefined {
  return WEBHOOK_EVENTS.find((e) => e.event === event)?.module;
}

/** The webhook events an outbox event type feeds (usually one). */
export function webhookEventsOfSource(type: string): WebhookEventName[] {
  return WEBHOOK_EVENTS.filter((e) => (e.sources as readonly string[]).includes(type)).map((e) => e.event);
}

/** Outbox event types that feed some webhook event. */
export const WEBHOOK_SOURCE_TYPES: readonly string[] = [...new Set(WEBHOOK_EVENTS.flatMap((e) => [...e.sources]))];

/**
 * The webhook-event machine's commands (machines/webhook-event.ts): an administrator disables or enables one
 * event of an application by hand; deliveryFailed is sent by the sender ('system') after each failed attempt.
 */
export const webhookEventCommands = {
  'webhook.disable': { verb: 'deshabilitar', permission: CONFIG_INTEGRATIONS, body: emptyBody },
  'webhook.enable': { verb: 'habilitar', permission: CONFIG_INTEGRATIONS, body: emptyBody },
  'webhook.deliveryFailed': { permission: CONFIG_INTEGRATIONS, body: emptyBody },
} as const satisfies CommandTable;
export type WebhookEventCommandType = keyof typeof webhookEventCommands;
