/**
 * The events a company can subscribe a webhook to (docs/product.md §3 Webhook application, "events configured").
 * Each is fed from the outbox: `sources` names the outbox event types it is made from (server/src/modules/*
 * /shared/events.ts). Later modules add their events here as they land. docs/api.md lists each with an example.
 */
export const WEBHOOK_MODULES = ['postventa', 'entregas', 'usuarios'] as const;
export type WebhookModule = (typeof WEBHOOK_MODULES)[number];

export const WEBHOOK_EVENTS = [
  { event: 'ticket.created', module: 'postventa', sources: ['ticket.created'] },
  { event: 'ticket.state_changed', module: 'postventa', sources: ['ticket.state_changed'] },
  { event: 'ticket.assigned', module: 'postventa', sources: ['ticket.assigned'] },
  { event: 'ticket.message', module: 'postventa', sources: ['ticket.message'] },
  { event: 'failure.outcome', module: 'postventa', sources: ['failure.changed'] },
  { event: 'order.scheduled', module: 'postventa', sources: ['order.scheduled', 'order.rescheduled'] },
  { event: 'order.confirmed', module: 'postventa', sources: ['order.confirmed'] },
  { event: 'order.rejected', module: 'postventa', sources: ['order.rejected'] },
  { event: 'order.managed', module: 'postventa', sources: ['order.changed'] },
  { event: 'ac.replied', module: 'postventa', sources: ['ac.result'] },
  { event: 'ficha.delivered', module: 'entregas', sources: ['ficha.delivered'] },
  { event: 'delivery_schedule.confirmed', module: 'entregas', sources: ['delivery.confirmed'] },
  { event: 'delivery_schedule.rejected', module: 'entregas', sources: ['delivery.rejected'] },
  { event: 'user.created', module: 'usuarios', sources: ['user.created'] },
  { event: 'user.disabled', module: 'usuarios', sources: ['user.disabled'] },
] as const satisfies readonly { event: string; module: WebhookModule; sources: readonly string[] }[];

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]['event'];
export const WEBHOOK_EVENT_NAMES = WEBHOOK_EVENTS.map((e) => e.event) as [WebhookEventName, ...WebhookEventName[]];
