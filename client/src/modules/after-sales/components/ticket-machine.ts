import { allowedEvents } from '#machines/engine';
import {
  TICKET_WORKING_STATES,
  ticketMachine,
  type TicketEvent,
  type TicketEventType,
  type TicketState,
  type TicketWorkingState,
} from '#machines/ticket';

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

/** The save-as targets (docs/product.md §4 "save as a different state") the machine accepts from here. */
export function saveAsTargets(facts: TicketFacts): TicketState[] {
  return (['abierta', 'en_proceso'] as const).filter(
    (state) => ticketEventsAllowed(facts, [{ type: 'ticket.saveAs', state }]).length > 0,
  );
}

/** While a ticket is worked (nueva, abierta, en_proceso) its failures and orders may change; the API refuses them otherwise. */
export const isTicketWorking = (state: TicketState): boolean =>
  (TICKET_WORKING_STATES as readonly TicketState[]).includes(state);
