import { allowedEvents } from '#machines/engine';
import { fichaMachine, type FichaEvent, type FichaEventType } from '#machines/ficha';
import { deliveryScheduleMachine, type DeliveryScheduleEventType } from '#machines/delivery-schedule';
import type { FichaDetail } from '../api/ficha-api.ts';

/** The header actions, in the order the header shows them. */
export const FICHA_ACTIONS: FichaEventType[] = [
  'ficha.schedule',
  'ficha.deliver',
  'ficha.returnToNew',
  'ficha.clean',
  'ficha.passToAfterSales',
];

/**
 * The ficha events its machine accepts now (docs/architecture.md §5: the buttons shown and what the server accepts
 * come from the same machine). Values the user still has to enter (dates) get a representative
 * value; the dialogs then require the real ones.
 */
export function fichaEventsAllowed(
  ficha: Pick<
    FichaDetail,
    'state' | 'scheduled_delivery_at' | 'delivery_date' | 'is_passed_to_after_sales' | 'pending_failures'
  >,
): FichaEventType[] {
  const now = new Date().toISOString();
  const candidates: FichaEvent[] = [
    { type: 'ficha.schedule', scheduledAt: now },
    { type: 'ficha.deliver', deliveredAt: now, pendingFailureCount: ficha.pending_failures },
    { type: 'ficha.returnToNew' },
    { type: 'ficha.clean' },
    { type: 'ficha.passToAfterSales', pendingFailureCount: ficha.pending_failures },
  ];
  try {
    return allowedEvents(
      fichaMachine,
      {
        value: ficha.state,
        context: {
          scheduledAt: ficha.scheduled_delivery_at,
          deliveredAt: ficha.delivery_date,
          isPassedToAfterSales: ficha.is_passed_to_after_sales,
        },
      },
      candidates,
    );
  } catch {
    return []; // a state the machine does not know: offer nothing rather than something wrong
  }
}

/** Staff answers to a delivery schedule (confirm / reject on the owner's behalf), from its machine. */
export function scheduleEventsAllowed(
  schedule: FichaDetail['schedule'],
  confirmationDeadlineHours = 0,
): DeliveryScheduleEventType[] {
  if (!schedule) return [];
  const now = new Date().toISOString();
  try {
    return allowedEvents(deliveryScheduleMachine, { value: schedule.state, context: { startAt: schedule.start_at } }, [
      { type: 'schedule.confirm', by: 'staff', now, confirmationDeadlineHours },
      { type: 'schedule.reject', by: 'staff', now, confirmationDeadlineHours },
    ]);
  } catch {
    return [];
  }
}
