import type { NotificationType } from '../../registry.ts';
import { NOTIFY_BOTH, NOTIFY_IN_APP } from '../notifications/service.ts';

/** The delivery events a user can be notified about (docs/product.md §2 notificaciones/configuracion). */
export const DELIVERY_NOTIFICATION_TYPES: readonly NotificationType[] = [
  { type: 'ficha.state_changed', group: 'deliveries', defaults: NOTIFY_IN_APP },
  { type: 'ficha.schedule_changed', group: 'deliveries', defaults: NOTIFY_BOTH },
];
