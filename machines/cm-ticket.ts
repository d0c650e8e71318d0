import { setup } from 'xstate';
import { CM_TICKET_STATES, type CmTicketState } from '#domain/cmanagement';
import type { OptionalInput } from './types.ts';

/**
 * docs/product.md §1 Cmanagement ticket: opened, worked, blocked with a reason, resolved once its issues are
 * settled, closed; a resolved or closed ticket may be reopened. State ids are domain/cmanagement.ts's.
 */
export { CM_TICKET_STATES, type CmTicketState };

/** `openIssues`: the ticket's issues still open or in progress, read by the server when it loads the ticket. */
export type CmTicketContext = { openIssues: number };
export type CmTicketInput = OptionalInput<Partial<CmTicketContext>>;

export type CmTicketEvent =
  | { type: 'cmTicket.start' }
  | { type: 'cmTicket.block'; reason: string }
  | { type: 'cmTicket.unblock' }
  | { type: 'cmTicket.resolve' }
  | { type: 'cmTicket.close' }
  | { type: 'cmTicket.reopen' };
export type CmTicketEventType = CmTicketEvent['type'];

export const cmTicketMachine = setup({
  types: {
    context: {} as CmTicketContext,
    events: {} as CmTicketEvent,
    input: {} as CmTicketInput,
  },
  guards: {
    hasNoOpenIssues: ({ context }) => context.openIssues === 0,
    hasReason: ({ event }) => event.type === 'cmTicket.block' && event.reason.trim().length > 0,
  },
  actions: {
    // Effects, named here and never run by the machine: server/src/modules/cmanagement/tickets/commands.ts
    // performs them (tells the assignees and watchers; records the block reason in the history).
    notifyStateChanged: () => {},
    recordBlockReason: () => {},
  },
}).createMachine({
  id: 'cmTicket',
  initial: 'abierto',
  context: ({ input }) => ({ openIssues: input?.openIssues ?? 0 }),
  states: {
    abierto: {
      on: {
        'cmTicket.start': { target: 'en_curso', actions: 'notifyStateChanged' },
        'cmTicket.block': {
          target: 'bloqueado',
          guard: 'hasReason',
          actions: ['recordBlockReason', 'notifyStateChanged'],
        },
        'cmTicket.resolve': { target: 'resuelto', guard: 'hasNoOpenIssues', actions: 'notifyStateChanged' },
        // Closing an open ticket discards it (filed by mistake, duplicated).
        'cmTicket.close': { target: 'cerrado', actions: 'notifyStateChanged' },
      },
    },
    en_curso: {
      on: {
        'cmTicket.block': {
          target: 'bloqueado',
          guard: 'hasReason',
          actions: ['recordBlockReason', 'notifyStateChanged'],
        },
        'cmTicket.resolve': { target: 'resuelto', guard: 'hasNoOpenIssues', actions: 'notifyStateChanged' },
      },
    },
    bloqueado: {
      on: { 'cmTicket.unblock': { target: 'en_curso', actions: 'notifyStateChanged' } },
    },
    resuelto: {
      on: {
        'cmTicket.close': { target: 'cerrado', actions: 'notifyStateChanged' },
        'cmTicket.reopen': { target: 'en_curso', actions: 'notifyStateChanged' },
      },
    },
    cerrado: {
      on: { 'cmTicket.reopen': { target: 'en_curso', actions: 'notifyStateChanged' } },
    },
  },
});

/** The states a ticket in `state` can be sent to (the board's open columns), read from the machine's own graph. */
const targetsOf = (state: CmTicketState): CmTicketState[] => [
  ...new Set(
    [...cmTicketMachine.root.states[state].transitions.values()].flatMap((ts) =>
      ts.flatMap((t) => (t.target ?? []).map((n) => n.key as CmTicketState)),
    ),
  ),
];
export const CM_TICKET_TARGETS = Object.fromEntries(
  CM_TICKET_STATES.map((s) => [s, targetsOf(s)]),
) as unknown as Record<CmTicketState, readonly CmTicketState[]>;

/**
 * The event that sends a ticket from `from` to `to` (the board's drop from one column to another), read from the
 * machine's own transitions; null when no transition leads there.
 */
export function cmTicketMoveEvent(from: CmTicketState, to: CmTicketState): CmTicketEventType | null {
  for (const [type, transitions] of cmTicketMachine.root.states[from].transitions)
    if (transitions.some((t) => (t.target ?? []).some((n) => n.key === to))) return type as CmTicketEventType;
  return null;
}
