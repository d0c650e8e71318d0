import { z } from 'zod';
import { WEBHOOK_EVENT_NAMES } from '../webhook-events.ts';
import { WEBHOOK_ATTEMPT_STATUSES } from '../webhooks.ts';
import { DATE_YEARS } from '../limits.ts';
import { id, requiredText, url } from './common.ts';

const inYears = (year: number) => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

/** docs/product.md §5: names need at least one character; 80 keeps the applications list readable. */
export const WEBHOOK_APPLICATION_NAME_MAX = 80;

const event = z.enum(WEBHOOK_EVENT_NAMES, { error: 'validation.invalid' });

/** One event of an application and the URL it is delivered to (docs/product.md §3 "URL per event"). */
export const webhookHookInputSchema = z.object({ event, url: url() });

/** At least one event, each once. */
const hookList = z
  .array(webhookHookInputSchema, { error: 'validation.invalid' })
  .min(1, 'integrations.webhooks.events_required')
  .max(WEBHOOK_EVENT_NAMES.length, 'validation.max_items')
  .superRefine((hooks, ctx) => {
    const seen = new Set<string>();
    hooks.forEach((h, i) => {
      if (seen.has(h.event))
        ctx.addIssue({ code: 'custom', message: 'integrations.webhooks.event_repeated', path: [i, 'event'] });
      seen.add(h.event);
    });
  });

/** PUT configuracion/integraciones/webhooks/ajustes: the activation switch. */
export const webhookSettingsSchema = z.object({ enabled: z.boolean({ error: 'validation.invalid' }) });
export type WebhookSettingsInput = z.input<typeof webhookSettingsSchema>;

/** POST …/webhooks/aplicaciones. `api_app_id` ties it to an API app's hooks page. */
export const webhookApplicationCreateSchema = z.object({
  name: requiredText({ max: WEBHOOK_APPLICATION_NAME_MAX, noDoubleSpaces: true }),
  hooks: hookList,
  api_app_id: id().optional(),
});
export type WebhookApplicationCreateInput = z.input<typeof webhookApplicationCreateSchema>;

/** PATCH …/webhooks/aplicaciones/{id}: rename and/or replace the events (kept events keep their state). */
export const webhookApplicationUpdateSchema = z
  .object({
    name: requiredText({ max: WEBHOOK_APPLICATION_NAME_MAX, noDoubleSpaces: true }).optional(),
    hooks: hookList.optional(),
  })
  .refine((v) => v.name !== undefined || v.hooks !== undefined, { message: 'validation.required', path: ['name'] });
export type WebhookApplicationUpdateInput = z.input<typeof webhookApplicationUpdateSchema>;

/** GET …/webhooks/aplicaciones?api_app_id= */
export const webhookApplicationQuerySchema = z.object({ api_app_id: id().optional() });

/** GET …/webhooks/historial: filters of the history tab. */
export const webhookLogQuerySchema = z.object({
  application_id: id().optional(),
  event: event.optional(),
  status: z.enum(WEBHOOK_ATTEMPT_STATUSES, { error: 'validation.invalid' }).optional(),
});
export type WebhookLogQuery = z.input<typeof webhookLogQuerySchema>;

/** POST …/webhooks/historial/reenviar-fallidos: every failed delivery since a moment (ISO date-time). */
export const webhookReplayFailedSchema = z.object({
  since: z.iso
    .datetime({ offset: true, error: 'validation.invalid' })
    .refine((v) => inYears(new Date(v).getUTCFullYear()), 'validation.invalid'),
  application_id: id().optional(),
});
export type WebhookReplayFailedInput = z.input<typeof webhookReplayFailedSchema>;

/** POST …/webhooks/aplicaciones/{id}/probar: one of the application's events, sent with a sample payload. */
export const webhookTestEventSchema = z.object({ event });
export type WebhookTestEventInput = z.input<typeof webhookTestEventSchema>;
