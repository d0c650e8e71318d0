import { z } from 'zod';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_MODULES } from './webhook-events.ts';
import { WEBHOOK_ATTEMPT_STATUSES, WEBHOOK_DELIVERY_STATUSES } from './webhooks.ts';
import { instant } from './responses.ts';

const WEBHOOK_EVENT_STATE_VALUES = ['activo', 'deshabilitado'] as const;

export const webhookSettingsRowSchema = z.object({ enabled: z.boolean() });
export type WebhookSettingsRow = z.infer<typeof webhookSettingsRowSchema>;

/** One event of an application (machines/webhook-event.ts state). */
export const webhookHookRowSchema = z.object({
  id: z.number(),
  event: z.enum(WEBHOOK_EVENT_NAMES),
  module: z.enum(WEBHOOK_MODULES),
  url: z.string(),
  state: z.enum(WEBHOOK_EVENT_STATE_VALUES),
  disabled_reason: z.enum(['manual', 'delivery_failures']).nullable(),
});
export type WebhookHookRow = z.infer<typeof webhookHookRowSchema>;

/** An application as listed: never its secret, only the secret's last 4 characters. */
export const webhookApplicationRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  api_app_id: z.number().nullable(),
  secret_hint: z.string(),
  hooks: z.array(webhookHookRowSchema),
  created_at: instant,
  updated_at: instant,
});
export type WebhookApplicationRow = z.infer<typeof webhookApplicationRowSchema>;

/** The create and renew-secret answers: the only ones that carry the plain secret. */
export const webhookApplicationWithSecretSchema = z.object({
  data: webhookApplicationRowSchema,
  secret: z.string(),
});
export type WebhookApplicationWithSecret = z.infer<typeof webhookApplicationWithSecretSchema>;

/** docs/product.md §3 Webhook log, plus what the history tab needs to replay and filter. */
export const webhookLogRowSchema = z.object({
  id: z.number(),
  application: z.object({ id: z.number(), name: z.string() }),
  delivery_id: z.number().nullable(),
  delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
  message_id: z.string(),
  module: z.string(),
  event: z.string(),
  url: z.string(),
  attempt: z.number(),
  date_time: instant,
  signature: z.string(),
  content: z.string(),
  response: z.string().nullable(),
  http_status: z.number().nullable(),
  duration_ms: z.number().nullable(),
  error: z.string().nullable(),
  status: z.enum(WEBHOOK_ATTEMPT_STATUSES),
});
export type WebhookLogRow = z.infer<typeof webhookLogRowSchema>;

/** The test-event dialog's answer: what the receiver said and how long it took. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  http_status: z.number().nullable(),
  duration_ms: z.number(),
  response: z.string().nullable(),
  error: z.string().nullable(),
  message_id: z.string(),
  content: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
