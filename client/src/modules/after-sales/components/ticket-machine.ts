import { allowedEvents, nextState } from '#machines/engine';
import {
  TICKET_WORKING_STATES,
  ticketMachine,
  type TicketEvent,
  type TicketEventType,
  type TicketState,
  type TicketWorkingState,
} from '#machines/ticket';
import type { TicketDetail } from '../api/types.ts';

/** Failures still to deal with (pendiente or falla): what blocks resolving and what closing removes. */
export const pendingFailuresOf = (ticket: Pick<TicketDetail, 'counts' | 'progress'>) =>
  ticket.counts?.pending_failures ?? Math.max(0, ticket.progress.total - ticket.progress.done);

export type TicketFacts = { state: TicketState; previousState: TicketWorkingState | null; pendingFailures?: number };

/**
 * The ticket events the machine accepts now (docs/architecture.md §5: the same machine the server checks).
 * Fields the user still has to type (a justification) get a representative value, as the engine
 * asks; the dialog then requires the real one.
 */
export function ticketEventsAllowed(facts: TicketFacts, candidates?: TicketEvent[]): TicketEventType[] {
  const all: TicketEvent[] = candidates ?? [
    { type: 'ticket.open' },
    { type: 'ticket.startProgress' },
    { type: 'ticket.saveAs', state: 'abierta' },
    { type: 'ticket.saveAs', state: 'en_proceso' },
    { type: 'ticket.postpone' },
    { type: 'ticket.unpostpone' },
    { type: 'ticket.resolve', pendingFailureCount: facts.pendingFailures ?? 0 },
    { type: 'ticket.close', justification: 'x' },
    { type: 'ticket.markNotApplicable', justification: 'x' },
    { type: 'ticket.reopen' },
    { type: 'ticket.merge', intoTicketId: 1 },
  ];
  try {
    return allowedEvents(ticketMachine, { value: facts.state, context: { previousState: facts.previousState } }, all);
  } catch {
    return []; // a state the machine does not know: offer nothing rather than something wrong
  }
}

/**
 * The state an event leads to, as the server's machine will decide it: what the acting tab shows while the
 * request runs (the answer then settles it). Undefined when the machine refuses it here.
 */
export function ticketStateAfter(
  facts: TicketFacts,
  event: TicketEvent,
): Omit<TicketFacts, 'pendingFailures'> | undefined {
  try {
    const next = nextState(
      ticketMachine,
      { value: facts.state, context: { previousState: facts.previousState } },
      event,
    );
    if (!next.ok) return undefined;
    return { state: next.value as TicketState, previousState: next.context.previousState };
  } catch {
    return undefined;
  }
}

/** The save-as targets (docs/product.md §4 "save as a different state") the machine accepts from here. */
export function saveAsTargets(facts: TicketFacts): TicketState[] {
  return (['abierta', 'en_proceso'] as const).filter(
    (state) => ticketEventsAllowed(facts, [{ type: 'ticket.saveAs', state }]).length > 0,
  );
}

/** While a ticket is worked (nueva, abierta, en_proceso) its failures and orders may change; the API refuses them otherwise. */
export const isTicketWorking = (state: TicketState): boolean =>
  (TICKET_WORKING_STATES as readonly TicketState[]).includes(state);
