import { failureNoteSchema, failureOutcomeSchema } from './schemas/warranties.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_MANAGE } from './tickets.ts';

/** Failures (fallas) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { FAILURE_OUTCOMES, FAILURE_STATES } from './schemas/warranties.ts';

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
