import { z } from 'zod';
import { AC_FOLLOW_UPS, acReplySchema } from './schemas/warranties.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_MANAGE } from './tickets.ts';

/** Conformity acts (AC) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { AC_FOLLOW_UPS, AC_RESULTS, AC_STATES } from './schemas/warranties.ts';

export const acFollowUpSchema = z.object({ follow_up: z.enum(AC_FOLLOW_UPS, { error: 'validation.required' }) });

/**
 * AC machine event → URL verb (POST solicitudes/{id}/ac/{acId}/<verb>), permission, body (docs/product.md §4
 * AC): 'responder' records the owner's answer its body names, 'seguimiento' the follow-up.
 */
export const acCommands = {
  'ac.approve': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.disapprove': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.reject': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.markForReinspection': { verb: 'seguimiento', permission: TICKET_MANAGE, body: acFollowUpSchema },
  'ac.markForWorkOrder': { verb: 'seguimiento', permission: TICKET_MANAGE, body: acFollowUpSchema },
} as const satisfies CommandTable;
export type AcCommandType = keyof typeof acCommands;
