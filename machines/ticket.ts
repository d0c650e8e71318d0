import { assign, setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 ticket (solicitud) lifecycle. State ids are the values stored in `tickets.state`. */
export const TICKET_STATES = ['nueva', 'abierta', 'en_proceso', 'finalizada', 'postergada', 'resuelta', 'no_aplica', 'fusionada'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** The working states a postponed ticket returns to (stored in `tickets.previous_state`). */
export const TICKET_WORKING_STATES = ['nueva', 'abierta', 'en_proceso'] as const;
export type TicketWorkingState = (typeof TICKET_WORKING_STATES)[number];

/** What the edit form's state select may save a ticket as (docs/product.md §4 "send it as a different state"). */
export const TICKET_SAVE_AS_STATES = ['abierta', 'en_proceso'] as const;
export type TicketSaveAsState = (typeof TICKET_SAVE_AS_STATES)[number];

/** docs/product.md §4: "Created means unresolved (N, A, P, postponed) plus resolved". */
export const TICKET_UNRESOLVED_STATES = ['nueva', 'abierta', 'en_proceso', 'postergada'] as const satisfies readonly TicketState[];
export const TICKET_CREATED_STATES = [...TICKET_UNRESOLVED_STATES, 'resuelta'] as const satisfies readonly TicketState[];

/** State tag letters (docs/product.md §4): N, A, P, F, and a dark P for postponed. */
export const TICKET_STATE_LETTER: Partial<Record<TicketState, { letter: 'N' | 'A' | 'P' | 'F'; isDark: boolean }>> = {
  nueva: { letter: 'N', isDark: false },
  abierta: { letter: 'A', isDark: false },
  en_proceso: { letter: 'P', isDark: false },
  finalizada: { letter: 'F', isDark: false },
  postergada: { letter: 'P', isDark: true },
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
    isSaveAsTarget: ({ event }, params: { state: TicketSaveAsState }) => event.type === 'ticket.saveAs' && event.state === params.state,
    wasPostponedFrom: ({ context }, params: { state: TicketWorkingState }) => context.previousState === params.state,
    hasMergeTarget: ({ event }) => event.type === 'ticket.merge' && Number.isInteger(event.intoTicketId) && event.intoTicketId > 0,
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
        'ticket.postpone': { target: 'postergada', actions: { type: 'rememberPreviousState', params: { state: 'nueva' } } },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': { target: 'no_aplica', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    abierta: {
      on: {
        'ticket.startProgress': { target: 'en_proceso' },
        'ticket.saveAs': { target: 'en_proceso', guard: { type: 'isSaveAsTarget', params: { state: 'en_proceso' } } },
        'ticket.postpone': { target: 'postergada', actions: { type: 'rememberPreviousState', params: { state: 'abierta' } } },
        'ticket.resolve': { target: 'resuelta', guard: 'hasNoPendingFailures' },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': { target: 'no_aplica', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    en_proceso: {
      on: {
        'ticket.saveAs': { target: 'abierta', guard: { type: 'isSaveAsTarget', params: { state: 'abierta' } } },
        'ticket.postpone': { target: 'postergada', actions: { type: 'rememberPreviousState', params: { state: 'en_proceso' } } },
        'ticket.resolve': { target: 'resuelta', guard: 'hasNoPendingFailures' },
        'ticket.close': { target: 'finalizada', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.markNotApplicable': { target: 'no_aplica', guard: 'hasJustification', actions: 'removePendingFailures' },
        'ticket.merge': { target: 'fusionada', guard: 'hasMergeTarget', actions: 'moveToMergeTarget' },
      },
    },
    // Postponed is frozen: only un-postponing leaves it, back to the state it came from.
    postergada: {
      on: {
        'ticket.unpostpone': [
          { target: 'nueva', guard: { type: 'wasPostponedFrom', params: { state: 'nueva' } }, actions: 'clearPreviousState' },
          { target: 'abierta', guard: { type: 'wasPostponedFrom', params: { state: 'abierta' } }, actions: 'clearPreviousState' },
          { target: 'en_proceso', guard: { type: 'wasPostponedFrom', params: { state: 'en_proceso' } }, actions: 'clearPreviousState' },
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
