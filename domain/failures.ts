import { FAILURE_OUTCOMES, failureNoteSchema, failureOutcomeSchema } from './schemas/after-sales.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_MANAGE } from './tickets.ts';

/** Failures (fallas) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { FAILURE_OUTCOMES, type FailureOutcome } from './schemas/after-sales.ts';

/** docs/product.md §4 failure states, the ids machines/failure.ts declares and `failures.state` stores: pending, then an outcome. */
export const FAILURE_STATES = ['pendiente', ...FAILURE_OUTCOMES] as const;
export type FailureState = (typeof FAILURE_STATES)[number];

/** Still to be dealt with: what closing a ticket removes, what blocks resolving it, what an order may take. */
export const FAILURE_PENDING_STATES = ['pendiente', 'falla'] as const satisfies readonly FailureState[];
/** Solved, by the order or in after-sales: what an AC asks the owner to conform. */
export const FAILURE_SOLVED_STATES = [
  'solucionada',
  'solucionada_postventa',
] as const satisfies readonly FailureState[];

/**
 * Failure machine event → URL verb (POST solicitudes/{id}/fallas/{failureId}/<verb>), permission,
 * body (docs/product.md §4 Failure outcomes). 'resultado' sends the outcome its body names.
 */
export const failureCommands = {
  'failure.comply': { verb: 'resultado', permission: TICKET_MANAGE, body: failureOutcomeSchema },
  'failure.fail': { verb: 'resultado', permission: TICKET_MANAGE, body: failureOutcomeSchema },
  'failure.solve': { verb: 'resultado', permission: TICKET_MANAGE, body: failureOutcomeSchema },
  'failure.solveInAfterSales': { verb: 'resultado', permission: TICKET_MANAGE, body: failureOutcomeSchema },
  'failure.markNotApplicable': { verb: 'no-aplica', permission: TICKET_MANAGE, body: failureNoteSchema },
  'failure.reopen': { verb: 'reabrir', permission: TICKET_MANAGE, body: failureNoteSchema },
  'failure.markToOwner': { verb: 'marcar-propietario', permission: TICKET_MANAGE, body: failureNoteSchema },
  'failure.reenter': { verb: 'reingresar', permission: TICKET_MANAGE, body: failureNoteSchema },
} as const satisfies CommandTable;
export type FailureCommandType = keyof typeof failureCommands;
