import type { CmNotificationType } from '#domain/cmanagement';
import type { NotificationType } from '../../registry.ts';
import { NOTIFY_BOTH, NOTIFY_IN_APP } from '../notifications/service.ts';

/** The Cmanagement events a user can be notified about (docs/product.md §2 notificaciones/configuracion). */
export const CMANAGEMENT_NOTIFICATION_TYPES: readonly (NotificationType & { type: CmNotificationType })[] = [
  { type: 'cm_ticket.assigned', group: 'cmanagement', defaults: NOTIFY_BOTH },
  { type: 'cm_ticket.mentioned', group: 'cmanagement', defaults: NOTIFY_BOTH },
  { type: 'cm_ticket.state_changed', group: 'cmanagement', defaults: NOTIFY_IN_APP },
  { type: 'cm_task.assigned', group: 'cmanagement', defaults: NOTIFY_IN_APP },
  { type: 'cm_task.due_soon', group: 'cmanagement', defaults: NOTIFY_BOTH },
];
