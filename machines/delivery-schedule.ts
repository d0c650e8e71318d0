import { assign, or, setup } from 'xstate';
import { isBeforeDeadline, isValidInstant } from './time.ts';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 delivery schedule (the owner's delivery appointment). State ids are the contract's (domain/fichas.ts). */
export { DELIVERY_SCHEDULE_STATES, type DeliveryScheduleState } from '#domain/fichas';

export type DeliveryScheduleContext = { startAt: string | null };
export type DeliveryScheduleInput = OptionalInput<Partial<DeliveryScheduleContext>>;

/** Same rule as orders: owners answer until the project's configured hours before the start. */
export type ScheduleAnswerFacts = { by: 'owner' | 'staff'; now: string; confirmationDeadlineHours: number };

export type DeliveryScheduleEvent =
  | ({ type: 'schedule.confirm' } & ScheduleAnswerFacts)
  | ({ type: 'schedule.reject' } & ScheduleAnswerFacts)
  | { type: 'schedule.reschedule'; startAt: string }
  /** The unit was delivered (ficha.deliver): the appointment took place, whatever the owner had answered. */
  | { type: 'schedule.settle' };

export type DeliveryScheduleEventType = DeliveryScheduleEvent['type'];

export const deliveryScheduleMachine = setup({
  types: {
    context: {} as DeliveryScheduleContext,
    events: {} as DeliveryScheduleEvent,
    input: {} as DeliveryScheduleInput,
  },
  guards: {
    hasStartDate: ({ event }) => event.type === 'schedule.reschedule' && isValidInstant(event.startAt),
    isStaffAnswer: ({ event }) => 'by' in event && event.by === 'staff',
    isBeforeConfirmationDeadline: ({ context, event }) =>
      'now' in event && isBeforeDeadline(event.now, context.startAt, event.confirmationDeadlineHours),
  },
  actions: {
    setStart: assign(({ event }) => (event.type === 'schedule.reschedule' ? { startAt: event.startAt } : {})),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): ask the owner to confirm
    // the new date; tell the delivery responsible the owner's answer.
    notifyOwner: () => {},
    notifyResponsible: () => {},
  },
}).createMachine({
  id: 'deliverySchedule',
  initial: 'por_confirmar',
  context: ({ input }) => ({ startAt: input?.startAt ?? null }),
  states: {
    por_confirmar: {
      on: {
        'schedule.confirm': {
          target: 'confirmada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'schedule.reject': {
          target: 'rechazada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
        // docs/product.md §4: delivering the unit settles its appointment; nothing is left to answer.
        'schedule.settle': { target: 'realizada' },
      },
    },
    confirmada: {
      on: {
        'schedule.reject': {
          target: 'rechazada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
        // docs/product.md §4: delivering the unit settles its appointment; nothing is left to answer.
        'schedule.settle': { target: 'realizada' },
      },
    },
    rechazada: {
      on: {
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
        // docs/product.md §4: delivering the unit settles its appointment; nothing is left to answer.
        'schedule.settle': { target: 'realizada' },
      },
    },
    // The unit is delivered: no answer, no new date (the ficha takes none once delivered); returning the
    // ficha to new cancels the appointment (machines/ficha.ts cancelDeliverySchedule).
    realizada: { type: 'final' },
  },
});
