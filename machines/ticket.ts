import { assign, setup } from 'xstate';
import type { TicketSaveAsState, TicketState, TicketWorkingState } from '#domain/tickets';
import type { OptionalInput } from './types.ts';
import { canSend } from './engine.ts';

/**
 * docs/product.md §4 ticket (solicitud) lifecycle. Its state ids and the lists derived from them are the contract's
 * (domain/tickets.ts), re-exported here for the machine's readers.
 */
export {
  TICKET_CREATED_STATES,
  TICKET_SAVE_AS_STATES,
  TICKET_STATES,
  TICKET_UNRESOLVED_STATES,
  TICKET_WORKING_STATES,
  type TicketSaveAsState,
  type TicketState,
  type TicketWorkingState,
} from '#domain/tickets';

/**
 * State tag letters (docs/product.md §4): N, A, P, F, and a dark P for postponed. The postponed P also
 * carries a pause mark, so it is told from the in-progress P without seeing colours.
 */
export const TICKET_STATE_LETTER: Partial<
  Record<TicketState, { letter: 'N' | 'A' | 'P' | 'F'; isDark: boolean; mark: 'pause' | null }>
> = {
  nueva: { letter: 'N', isDark: false, mark: null },
  abierta: { letter: 'A', isDark: false, mark: null },
  en_proceso: { letter: 'P', isDark: false, mark: null },
  finalizada: { letter: 'F', isDark: false, mark: null },
  postergada: { letter: 'P', isDark: true, mark: 'pause' },
};

export type TicketContext = { previousState: TicketWorkingState | null };
export type TicketInput = OptionalInput<Partial<TicketContext>>;

export type TicketEvent =
  | { type: 'ticket.open' }
  | { type: 'ticket.startProgress' }
  | { type: 'ticket.saveAs'; state: TicketState }
  | { type: 'ticket.postpone' }
  | { type: 'ticket.unpostpone' }
  /** `pendingFailureCount`: failures of the ticket still `pendiente` or `falla`. */
  | { type: 'ticket.resolve'; pendingFailureCount: number }
  | { type: 'ticket.close'; justification: string }
  | { type: 'ticket.markNotApplicable'; justification: string }
  | { type: 'ticket.reopen' }
  | { type: 'ticket.merge'; intoTicketId: number };

export type TicketEventType = TicketEvent['type'];

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

export const ticketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
    input: {} as TicketInput,
  },
  guards: {
    // docs/product.md §5: "Closing a ticket requires a justification message" (trimmed, non-empty).
    hasJustification: ({ event }) => 'justification' in event && hasText(event.justification),
    hasNoPendingFailures: ({ event }) => event.type === 'ticket.resolve' && event.pendingFailureCount === 0,
    isSaveAsTarget: ({ event }, params: { state: TicketSaveAsState }) =>
      event.type === 'ticket.saveAs' && event.state === params.state,
    wasPostponedFrom: ({ context }, params: { state: TicketWorkingState }) => context.previousState === params.state,
    hasMergeTarget: ({ event }) =>
      event.type === 'ticket.merge' && Number.isInteger(event.intoTicketId) && event.intoTicketId > 0,
  },
  actions: {
    rememberPreviousState: assign((_, params: { state: TicketWorkingState }) => ({ previousState: params.state })),
    clearPreviousState: assign({ previousState: null }),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): delete the ticket's pending
    // failures (docs/product.md §4 closing); move failures and orders to the target ticket on merge.
    removePendingFailures: () => {},
    moveToMergeTarget: () => {},
  },
}).createMachine({
  id: 'ticket',
  initial: 'nueva',
  context: ({ input }) => ({ previousState: input?.previousState ?? null }),
  states: {
    nueva: {
      on: {
        'ticket.open': { target: 'abierta' },
        'ticket.startProgress': { target: 'en_proceso' },
        'ticket.saveAs': [
          { target: 'abierta', guard: { type: 'isSaveAsTarget', params: { state: 'abierta' } } },
          { target: 'en_proceso', guard: { type: 'isSaveAsTarget', params: { state: 'en_proceso' } } },
        ],
        'ticket.postpone': {
          target: 'postergada',
          actions: { type: 'rememberPreviousState', params: { state: 'nueva' } },
        },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': {
          target: 'no_aplica',
          guard: 'hasJustification',
          actions: 'removePendingFailures',
        },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    abierta: {
      on: {
        'ticket.startProgress': { target: 'en_proceso' },
        'ticket.saveAs': { target: 'en_proceso', guard: { type: 'isSaveAsTarget', params: { state: 'en_proceso' } } },
        'ticket.postpone': {
          target: 'postergada',
          actions: { type: 'rememberPreviousState', params: { state: 'abierta' } },
        },
        'ticket.resolve': { target: 'resuelta', guard: 'hasNoPendingFailures' },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': {
          target: 'no_aplica',
          guard: 'hasJustification',
          actions: 'removePendingFailures',
        },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    en_proceso: {
      on: {
        'ticket.saveAs': { target: 'abierta', guard: { type: 'isSaveAsTarget', params: { state: 'abierta' } } },
        'ticket.postpone': {
          target: 'postergada',
          actions: { type: 'rememberPreviousState', params: { state: 'en_proceso' } },
        },
        'ticket.resolve': { target: 'resuelta', guard: 'hasNoPendingFailures' },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': {
          target: 'no_aplica',
          guard: 'hasJustification',
          actions: 'removePendingFailures',
        },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    // Postponed is frozen: only un-postponing leaves it, back to the state it came from.
    postergada: {
      on: {
        'ticket.unpostpone': [
          {
            target: 'nueva',
            guard: { type: 'wasPostponedFrom', params: { state: 'nueva' } },
            actions: 'clearPreviousState',
          },
          {
            target: 'abierta',
            guard: { type: 'wasPostponedFrom', params: { state: 'abierta' } },
            actions: 'clearPreviousState',
          },
          {
            target: 'en_proceso',
            guard: { type: 'wasPostponedFrom', params: { state: 'en_proceso' } },
            actions: 'clearPreviousState',
          },
        ],
      },
    },
    resuelta: {
      on: {
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.reopen': { target: 'abierta' },
      },
    },
    finalizada: { on: { 'ticket.reopen': { target: 'abierta' } } },
    no_aplica: { on: { 'ticket.reopen': { target: 'abierta' } } },
    // A merged ticket lives on inside the one it was merged into: nothing leaves this state.
    fusionada: { type: 'final' },
  },
});

/** What the ticket's failures say about its work: how many, how many dealt with, how many solved whose AC is not conforming. */
export type TicketWork = { total: number; done: number; awaitingConformity: number };

/**
 * docs/product.md §4 "The work moves the ticket": every failure is dealt with (none `pendiente` or `falla`),
 * every AC asked of the owner is `conforme`, and the machine would resolve the ticket now. The ticket
 * is then proposed for resolution ('Lista para resolver'); only a person resolves it.
 */
export function isReadyToResolve(
  ticket: { state: TicketState; previousState: TicketWorkingState | null },
  work: TicketWork,
): boolean {
  return (
    work.total > 0 &&
    work.done === work.total &&
    work.awaitingConformity === 0 &&
    canSend(
      ticketMachine,
      { value: ticket.state, context: { previousState: ticket.previousState } },
      { type: 'ticket.resolve', pendingFailureCount: 0 },
    )
  );
}
