import { and, assign, or, setup } from 'xstate';
import { isBeforeDeadline, isValidRange } from './time.ts';
import { TICKET_STATES_FORBIDDING_SCHEDULE_EDIT } from '#domain/orders';
import type { TicketState } from '#domain/tickets';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 orders (OI inspection, OT work). State ids and lists are the contract's (domain/orders.ts). */
export { ORDER_STATES, TICKET_STATES_FORBIDDING_SCHEDULE_EDIT, type OrderState } from '#domain/orders';

export type OrderContext = { startAt: string | null; endAt: string | null };
export type OrderInput = OptionalInput<Partial<OrderContext>>;

/** Facts about the order's ticket the caller reads before editing a schedule. */
export type ScheduleFacts = { ticketState: TicketState; hasManagedFailure: boolean };
/** Who answers and when; `confirmationDeadlineHours` is the project's configured time before start. */
export type AnswerFacts = { by: 'owner' | 'staff'; now: string; confirmationDeadlineHours: number };

export type OrderEvent =
  | ({ type: 'order.schedule'; startAt: string; endAt: string } & ScheduleFacts)
  | ({ type: 'order.reschedule'; startAt: string; endAt: string } & ScheduleFacts)
  | ({ type: 'order.unschedule' } & ScheduleFacts)
  | ({ type: 'order.confirm' } & AnswerFacts)
  | ({ type: 'order.reject' } & AnswerFacts)
  | { type: 'order.cancel' }
  | { type: 'order.manage' }
  | { type: 'order.finish' };

export type OrderEventType = OrderEvent['type'];

/** docs/product.md §4: no schedule edits once a failure is managed or in the ticket states listed above. */
export function isScheduleEditable(facts: ScheduleFacts): boolean {
  return (
    !facts.hasManagedFailure &&
    !(TICKET_STATES_FORBIDDING_SCHEDULE_EDIT as readonly string[]).includes(facts.ticketState)
  );
}

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
  },
  guards: {
    // docs/product.md §5: "An order needs a schedule": a start and a later end.
    hasValidSchedule: ({ event }) => 'startAt' in event && isValidRange(event.startAt, event.endAt),
    isScheduleEditable: ({ event }) => 'ticketState' in event && isScheduleEditable(event),
    isStaffAnswer: ({ event }) => 'by' in event && event.by === 'staff',
    // docs/product.md §4: owners answer "until a configured time before it starts".
    isBeforeConfirmationDeadline: ({ context, event }) =>
      'now' in event && isBeforeDeadline(event.now, context.startAt, event.confirmationDeadlineHours),
  },
  actions: {
    setSchedule: assign(({ event }) => ('startAt' in event ? { startAt: event.startAt, endAt: event.endAt } : {})),
    clearSchedule: assign({ startAt: null, endAt: null }),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): ask the owner to confirm
    // the (new) visit; tell the responsible agent the owner's answer.
    notifyOwner: () => {},
    notifyResponsible: () => {},
  },
}).createMachine({
  id: 'order',
  initial: 'creada',
  context: ({ input }) => ({ startAt: input?.startAt ?? null, endAt: input?.endAt ?? null }),
  states: {
    creada: {
      on: {
        'order.schedule': {
          target: 'agendada',
          guard: and(['hasValidSchedule', 'isScheduleEditable']),
          actions: ['setSchedule', 'notifyOwner'],
        },
        'order.cancel': { target: 'cancelada' },
      },
    },
    agendada: {
      on: {
        'order.reschedule': {
          target: 'agendada',
          guard: and(['hasValidSchedule', 'isScheduleEditable']),
          actions: ['setSchedule', 'notifyOwner'],
        },
        'order.unschedule': { target: 'creada', guard: 'isScheduleEditable', actions: 'clearSchedule' },
        'order.confirm': {
          target: 'confirmada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'order.reject': {
          target: 'cancelada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'order.cancel': { target: 'cancelada' },
      },
    },
    confirmada: {
      on: {
        // A new date needs a new confirmation.
        'order.reschedule': {
          target: 'agendada',
          guard: and(['hasValidSchedule', 'isScheduleEditable']),
          actions: ['setSchedule', 'notifyOwner'],
        },
        'order.reject': {
          target: 'cancelada',
          guard: or(['isStaffAnswer', 'isBeforeConfirmationDeadline']),
          actions: 'notifyResponsible',
        },
        'order.cancel': { target: 'cancelada' },
        'order.manage': { target: 'gestionada' },
        'order.finish': { target: 'finalizada' },
      },
    },
    cancelada: {
      on: {
        'order.reschedule': {
          target: 'agendada',
          guard: and(['hasValidSchedule', 'isScheduleEditable']),
          actions: ['setSchedule', 'notifyOwner'],
        },
        'order.finish': { target: 'finalizada' },
      },
    },
    gestionada: { on: { 'order.finish': { target: 'finalizada' } } },
    finalizada: { type: 'final' },
  },
});
