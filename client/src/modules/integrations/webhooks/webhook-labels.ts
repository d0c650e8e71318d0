import type { TFunction } from 'i18next';
import { WEBHOOK_EVENTS, WEBHOOK_MODULES, type WebhookEventName, type WebhookModule } from '#domain/webhook-events';

/** 'ticket.state_changed' → its screen label (integrations_ui.webhooks.events.ticket_state_changed). */
export const eventLabel = (t: TFunction, event: string) =>
  t(`integrations_ui.webhooks.events.${event.replace(/\./g, '_')}`, { defaultValue: event });

export const moduleLabel = (t: TFunction, module: string) =>
  t(`integrations_ui.webhooks.modules.${module}`, { defaultValue: module });

/** The catalogue's events grouped by module, in catalogue order (the application dialog's checklist). */
export const EVENTS_BY_MODULE: { module: WebhookModule; events: WebhookEventName[] }[] = WEBHOOK_MODULES.map(
  (module) => ({
    module,
    events: WEBHOOK_EVENTS.filter((e) => e.module === module).map((e) => e.event),
  }),
);
