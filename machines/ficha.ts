import { and, assign, setup } from 'xstate';
import { isValidInstant } from './time.ts';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 ficha (unit delivery record). State ids are the contract's (domain/fichas.ts). */
export { FICHA_STATES, type FichaState } from '#domain/fichas';

export type FichaContext = {
  /** Scheduled delivery date (ISO). */
  scheduledAt: string | null;
  /** Delivery date (ISO); setting it is what delivers the unit. */
  deliveredAt: string | null;
  /** A ticket was created from its pending failures. */
  isPassedToAfterSales: boolean;
};
export type FichaInput = OptionalInput<Partial<FichaContext>>;

export type FichaEvent =
  | { type: 'ficha.schedule'; scheduledAt: string }
  /** `pendingFailureCount`: failures recorded at the revision and not yet solved. */
  | { type: 'ficha.deliver'; deliveredAt: string; pendingFailureCount: number }
  | { type: 'ficha.returnToNew' }
  | { type: 'ficha.clean' }
  | { type: 'ficha.passToAfterSales'; pendingFailureCount: number };

export type FichaEventType = FichaEvent['type'];

export const fichaMachine = setup({
  types: {
    context: {} as FichaContext,
    events: {} as FichaEvent,
    input: {} as FichaInput,
  },
  guards: {
    hasScheduleDate: ({ event }) => event.type === 'ficha.schedule' && isValidInstant(event.scheduledAt),
    // docs/product.md §5: the delivery dialog requires a delivery date.
    hasDeliveryDate: ({ event }) => event.type === 'ficha.deliver' && isValidInstant(event.deliveredAt),
    hasPendingFailures: ({ event }) => 'pendingFailureCount' in event && event.pendingFailureCount > 0,
    // Once a ticket holds its failures, undoing the delivery would orphan that ticket.
    isNotPassedToAfterSales: ({ context }) => !context.isPassedToAfterSales,
  },
  actions: {
    setSchedule: assign(({ event }) => (event.type === 'ficha.schedule' ? { scheduledAt: event.scheduledAt } : {})),
    setDeliveryDate: assign(({ event }) => (event.type === 'ficha.deliver' ? { deliveredAt: event.deliveredAt } : {})),
    // docs/product.md §4: returning to new resets the schedule and the delivery date.
    resetScheduleAndDelivery: assign({ scheduledAt: null, deliveredAt: null }),
    markPassedToAfterSales: assign({ isPassedToAfterSales: true }),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): cancel the delivery schedule
    // (agenda) of the unit; remove every change of the ficha (revision, owners' answers, accessories,
    // files); create the after-sales ticket from the pending failures (docs/product.md §4); settle the live
    // delivery schedule, since the delivery took place (machines/delivery-schedule.ts schedule.settle).
    cancelDeliverySchedule: () => {},
    settleDeliverySchedule: () => {},
    clearFichaChanges: () => {},
    createTicketFromPendingFailures: () => {},
  },
}).createMachine({
  id: 'ficha',
  initial: 'por_entregar',
  context: ({ input }) => ({
    scheduledAt: input?.scheduledAt ?? null,
    deliveredAt: input?.deliveredAt ?? null,
    isPassedToAfterSales: input?.isPassedToAfterSales ?? false,
  }),
  states: {
    por_entregar: {
      on: {
        'ficha.schedule': { guard: 'hasScheduleDate', actions: 'setSchedule' },
        'ficha.deliver': [
          {
            target: 'entregada_obs',
            guard: and(['hasDeliveryDate', 'hasPendingFailures']),
            actions: ['setDeliveryDate', 'settleDeliverySchedule'],
          },
          { target: 'entregada', guard: 'hasDeliveryDate', actions: ['setDeliveryDate', 'settleDeliverySchedule'] },
        ],
        'ficha.clean': {
          target: 'por_entregar',
          guard: 'isNotPassedToAfterSales',
          actions: ['resetScheduleAndDelivery', 'cancelDeliverySchedule', 'clearFichaChanges'],
        },
      },
    },
    entregada: {
      on: {
        'ficha.returnToNew': {
          target: 'por_entregar',
          guard: 'isNotPassedToAfterSales',
          actions: ['resetScheduleAndDelivery', 'cancelDeliverySchedule'],
        },
        'ficha.clean': {
          target: 'por_entregar',
          guard: 'isNotPassedToAfterSales',
          actions: ['resetScheduleAndDelivery', 'cancelDeliverySchedule', 'clearFichaChanges'],
        },
        'ficha.passToAfterSales': {
          guard: and(['isNotPassedToAfterSales', 'hasPendingFailures']),
          actions: ['markPassedToAfterSales', 'createTicketFromPendingFailures'],
        },
      },
    },
    entregada_obs: {
      on: {
        'ficha.returnToNew': {
          target: 'por_entregar',
          guard: 'isNotPassedToAfterSales',
          actions: ['resetScheduleAndDelivery', 'cancelDeliverySchedule'],
        },
        'ficha.clean': {
          target: 'por_entregar',
          guard: 'isNotPassedToAfterSales',
          actions: ['resetScheduleAndDelivery', 'cancelDeliverySchedule', 'clearFichaChanges'],
        },
        'ficha.passToAfterSales': {
          guard: and(['isNotPassedToAfterSales', 'hasPendingFailures']),
          actions: ['markPassedToAfterSales', 'createTicketFromPendingFailures'],
        },
      },
    },
  },
});
