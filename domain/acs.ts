import { z } from 'zod';
import { AC_FOLLOW_UPS, AC_RESULTS, acReplySchema } from './schemas/after-sales.ts';
import type { CommandTable } from './commands.ts';
import { TICKET_MANAGE } from './tickets.ts';

/** Conformity acts (AC) of a ticket: the contract the server, the client and the sweeps read (docs/architecture.md §2). */
export { AC_FOLLOW_UPS, AC_RESULTS } from './schemas/after-sales.ts';

/** docs/product.md §4 AC states, the ids machines/ac.ts declares and `acs.state` stores: pending, then the owner's answer. */
export const AC_STATES = ['pendiente', ...AC_RESULTS] as const;
export type AcState = (typeof AC_STATES)[number];
/** What a disapproved AC is followed by: a new inspection (OI) or a work order (OT). */
export type AcFollowUp = (typeof AC_FOLLOW_UPS)[number];

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
