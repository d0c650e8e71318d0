/**
 * The event types a user can be notified about and choose channels for (docs/product.md §2
 * notificaciones/configuracion). Producers emit these types with `notify` recipients; their texts
 * live under notifications.types.<type with _>.{label,title,body}. Modules may register more
 * through the service (registerNotificationType).
 */
export type NotificationType = {
  type: string;
  /** Settings-page group: notifications.groups.<group>. */
  group: string;
  defaults: { inApp: boolean; email: boolean };
};

const keyOf = (type: string) => type.replace(/\./g, '_');
export const labelKey = (type: string) => `notifications.types.${keyOf(type)}.label`;
export const titleKey = (type: string) => `notifications.types.${keyOf(type)}.title`;
export const bodyKey = (type: string) => `notifications.types.${keyOf(type)}.body`;
/** Events with recipients but no catalogue entry still notify in-app, with generic words. */
export const GENERIC = { title: 'notifications.generic.title', body: 'notifications.generic.body' } as const;

const inApp = { inApp: true, email: false };
const both = { inApp: true, email: true };

const catalogue = new Map<string, NotificationType>();

export function registerType(entry: NotificationType): void {
  catalogue.set(entry.type, entry);
}

export const notificationTypes = (): NotificationType[] => [...catalogue.values()];
export const notificationType = (type: string): NotificationType | undefined => catalogue.get(type);

// The after-sales, delivery, course, integration and user-plan events of docs/product.md §2–§6 and §8.
for (const entry of [
  { type: 'ticket.created', group: 'tickets', defaults: both },
  { type: 'ticket.assigned', group: 'tickets', defaults: both },
  { type: 'ticket.state_changed', group: 'tickets', defaults: inApp },
  { type: 'ticket.message', group: 'tickets', defaults: inApp },
  { type: 'ticket.response_overdue', group: 'tickets', defaults: both },
  { type: 'order.scheduled', group: 'orders', defaults: both },
  { type: 'order.confirmed', group: 'orders', defaults: inApp },
  { type: 'order.rejected', group: 'orders', defaults: both },
  { type: 'ac.state_changed', group: 'orders', defaults: inApp },
  { type: 'ficha.state_changed', group: 'deliveries', defaults: inApp },
  { type: 'ficha.schedule_changed', group: 'deliveries', defaults: both },
  { type: 'course.assigned', group: 'courses', defaults: both },
  { type: 'webhook.disabled', group: 'integrations', defaults: both },
  { type: 'users.limit_reached', group: 'administration', defaults: both },
] satisfies NotificationType[]) registerType(entry);
