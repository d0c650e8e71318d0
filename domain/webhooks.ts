import { emptyBody, type CommandTable } from './commands.ts';
import { CONFIG_INTEGRATIONS } from './integrations.ts';
import { WEBHOOK_EVENTS, type WebhookEventName, type WebhookModule } from './webhook-events.ts';

/** docs/product.md §3 webhook delivery: waiting for its next attempt, delivered (2xx), or every attempt failed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pendiente', 'entregado', 'fallido'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt's outcome in the webhook log (docs/product.md §3 Webhook log "status"). */
export const WEBHOOK_ATTEMPT_STATUSES = ['entregado', 'fallido'] as const;
export type WebhookAttemptStatus = (typeof WEBHOOK_ATTEMPT_STATUSES)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * Waits before each retry after a failed attempt (docs/product.md §4 webhook event): 8 attempts over about a
 * day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h ≈ 27.6 h), each stretched by a random ±20 % so a receiver that
 * comes back is not hit by every delivery at the same second.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const WEBHOOK_RETRY_JITTER = 0.2;
/** Attempts of one delivery: the first plus one per retry delay. */
export const webhookMaxAttempts = (delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS) => delays.length + 1;

/** The wait after failed attempt number `attempt` (1-based), jittered; undefined when it was the last. */
export function webhookRetryDelayMs(
  attempt: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
  random: () => number = Math.random,
): number | undefined {
  const base = delays[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random()));
}

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
