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

/** docs/product.md#ac-sign-off: who signed an act: the agent on their phone, in front of the owner, or the owner in the portal. */
export const AC_SIGNED_VIA = ['agente', 'portal'] as const;
export type AcSignedVia = (typeof AC_SIGNED_VIA)[number];
/** The act's PDF file name (the stored signed act, the downloads). */
export const acPdfName = (code: string) => `acta-conformidad-${code.replace(/[^\w-]+/g, '_')}.pdf`;

/** A signer's name as printed under the signature. */
export const AC_SIGNER_NAME_MAX = 120;

/**
 * The sign-off (docs/product.md#ac-sign-off): the signer's name and the signature drawn on the screen, uploaded
 * first as a PNG (POST files/upload-url, context 'image') and named here by its path.
 */
export const acSignSchema = z.object({
  signer_name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(AC_SIGNER_NAME_MAX, 'validation.max_length')
    .refine((v) => !/\s{2,}/.test(v), 'validation.no_double_spaces'),
  signature_path: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500),
});
export type AcSignInput = z.infer<typeof acSignSchema>;

/**
 * AC machine event → URL verb (POST solicitudes/{id}/ac/{acId}/<verb>), permission, body (docs/product.md §4
 * AC): 'responder' records the owner's answer its body names, 'seguimiento' the follow-up, 'firmar' the owner's
 * signature on the act (staff with the manage permission, or the owner of the unit in the portal).
 */
export const acCommands = {
  'ac.approve': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.disapprove': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.reject': { verb: 'responder', permission: TICKET_MANAGE, body: acReplySchema },
  'ac.markForReinspection': { verb: 'seguimiento', permission: TICKET_MANAGE, body: acFollowUpSchema },
  'ac.markForWorkOrder': { verb: 'seguimiento', permission: TICKET_MANAGE, body: acFollowUpSchema },
  'ac.sign': { verb: 'firmar', permission: TICKET_MANAGE, body: acSignSchema, byOwner: true },
} as const satisfies CommandTable;
export type AcCommandType = keyof typeof acCommands;
