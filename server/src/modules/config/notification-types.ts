import type { NotificationType } from '../../registry.ts';
import { NOTIFY_BOTH, NOTIFY_IN_APP } from '../notifications/service.ts';

/** The administration events a user can be notified about (docs/product.md §2 notificaciones/configuracion). */
export const CONFIG_NOTIFICATION_TYPES: readonly NotificationType[] = [
  { type: 'course.assigned', group: 'courses', defaults: NOTIFY_BOTH },
  { type: 'course.expiring', group: 'courses', defaults: NOTIFY_BOTH },
  { type: 'course.expired', group: 'courses', defaults: NOTIFY_BOTH },
  { type: 'course.extended', group: 'courses', defaults: NOTIFY_IN_APP },
  { type: 'worker.contract_ending', group: 'administration', defaults: NOTIFY_BOTH },
];
