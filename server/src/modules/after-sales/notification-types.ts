import type { NotificationType } from '../../registry.ts';
import { NOTIFY_BOTH, NOTIFY_IN_APP } from '../notifications/service.ts';

/** The after-sales events a user can be notified about (docs/product.md §2 notificaciones/configuracion). */
export const AFTER_SALES_NOTIFICATION_TYPES: readonly NotificationType[] = [
  { type: 'ticket.created', group: 'tickets', defaults: NOTIFY_BOTH },
  { type: 'ticket.assigned', group: 'tickets', defaults: NOTIFY_BOTH },
  { type: 'ticket.state_changed', group: 'tickets', defaults: NOTIFY_IN_APP },
  { type: 'ticket.message', group: 'tickets', defaults: NOTIFY_IN_APP },
  { type: 'ticket.response_overdue', group: 'tickets', defaults: NOTIFY_BOTH },
  { type: 'order.scheduled', group: 'orders', defaults: NOTIFY_BOTH },
  { type: 'order.confirmed', group: 'orders', defaults: NOTIFY_IN_APP },
  { type: 'order.rejected', group: 'orders', defaults: NOTIFY_BOTH },
  { type: 'ac.state_changed', group: 'orders', defaults: NOTIFY_IN_APP },
  // docs/product.md#ac-sign-off: the agent hears when the owner signs an act in the portal.
  { type: 'ac.signed', group: 'orders', defaults: NOTIFY_BOTH },
];
