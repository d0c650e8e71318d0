import { assign, or, setup } from 'xstate';
import { isBeforeDeadline, isValidInstant } from './time.ts';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 delivery schedule (the owner's delivery appointment). */
export const DELIVERY_SCHEDULE_STATES = ['por_confirmar', 'confirmada', 'rechazada'] as const;
export type DeliveryScheduleState = (typeof DELIVERY_SCHEDULE_STATES)[number];

export type DeliveryScheduleContext = { startAt: string | null };
export type DeliveryScheduleInput = OptionalInput<Partial<DeliveryScheduleContext>>;

/** Same rule as orders: owners answer until the project's configured hours before the start. */
export type ScheduleAnswerFacts = { by: 'owner' | 'staff'; now: string; confirmationDeadlineHours: number };

export type DeliveryScheduleEvent =
  | ({ type: 'schedule.confirm' } & ScheduleAnswerFacts)
  | ({ type: 'schedule.reject' } & ScheduleAnswerFacts)
  | { type: 'schedule.reschedule'; startAt: string };

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
        'schedule.confirm': { target: 'confirmada', guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']), actions: 'notifyResponsible' },
        'schedule.reject': { target: 'rechazada', guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']), actions: 'notifyResponsible' },
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
      },
    },
    confirmada: {
      on: {
        'schedule.reject': { target: 'rechazada', guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']), actions: 'notifyResponsible' },
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
      },
    },
    rechazada: {
      on: {
        'schedule.reschedule': { target: 'por_confirmar', guard: 'hasStartDate', actions: ['setStart', 'notifyOwner'] },
      },
    },
  },
});
