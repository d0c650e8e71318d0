import type { NotificationType } from '../../registry.ts';

/** Default channels of a notification type: in the app only, or in the app and by e-mail. */
export const NOTIFY_IN_APP = { inApp: true, email: false } as const;
export const NOTIFY_BOTH = { inApp: true, email: true } as const;

/**
 * The event types a user can be notified about and choose channels for (docs/product.md §2
 * notificaciones/configuracion). Each module registers the types it emits in its register<Module>
 * (after-sales: tickets, orders, ACs; deliveries: fichas; config: courses, contracts); the integration and user-plan events of
 * docs/product.md §4–§8 are listed here until their modules exist. Producers emit these types with `notify`
 * recipients; their texts live under notifications.types.<type with _>.{label,title,body}.
 */
export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  { type: 'webhook.disabled', group: 'integrations', defaults: NOTIFY_BOTH },
  { type: 'users.limit_reached', group: 'administration', defaults: NOTIFY_BOTH },
];

const keyOf = (type: string) => type.replace(/\./g, '_');
export const labelKey = (type: string) => `notifications.types.${keyOf(type)}.label`;
export const titleKey = (type: string) => `notifications.types.${keyOf(type)}.title`;
export const bodyKey = (type: string) => `notifications.types.${keyOf(type)}.body`;
/** Events with recipients but no registered type still notify in-app, with generic words. */
export const GENERIC = { title: 'notifications.generic.title', body: 'notifications.generic.body' } as const;
