import { z } from 'zod';
import { AC_FOLLOW_UPS, AC_SIGNED_VIA, AC_STATES, acCommands } from './acs.ts';
import { FAILURE_STATES } from './failures.ts';
import { ORDER_KINDS, ORDER_STATES } from './orders.ts';
import { attachmentViewSchema, eventOf, instant, personBriefSchema } from './responses.ts';

const acFailureSchema = z.object({
  id: z.number(),
  place: z.string(),
  item: z.string(),
  detail: z.string(),
  state: z.enum(FAILURE_STATES),
});

/** The sign-off of an act (docs/product.md#ac-sign-off); all null while unsigned. */
const signOffFields = {
  signed_at: instant.nullable(),
  signer_name: z.string().nullable(),
  signed_via: z.enum(AC_SIGNED_VIA).nullable(),
  /** The signed PDF, a file of the ticket (GET files/<path>); the act's own route serves it too. */
  signed_pdf: z.object({ path: z.string(), name: z.string() }).nullable(),
};

/** GET postventa/solicitudes/:id/ac (server/src/modules/after-sales/acs). */
export const acViewSchema = z.object({
  id: z.number(),
  code: z.string(),
  number: z.number(),
  state: z.enum(AC_STATES),
  reply: z.string().nullable(),
  attachments: z.array(attachmentViewSchema),
  replied_at: instant.nullable(),
  replied_by: personBriefSchema.nullable(),
  follow_up: z.enum(AC_FOLLOW_UPS).nullable(),
  follow_up_order: z
    .object({ id: z.number(), code: z.string(), kind: z.enum(ORDER_KINDS), state: z.enum(ORDER_STATES) })
    .nullable(),
  failures: z.array(acFailureSchema),
  ...signOffFields,
  signed_by: personBriefSchema.nullable(),
  allowed_events: z.array(eventOf(acCommands)),
  created_at: instant,
});
export type AcView = z.infer<typeof acViewSchema>;

/**
 * An act as its owner sees it in the portal (GET postventa/portal/solicitudes/:id, `acs`): no staff names,
 * and `can_sign` from the AC machine.
 */
export const portalAcSchema = z.object({
  id: z.number(),
  code: z.string(),
  state: z.enum(AC_STATES),
  reply: z.string().nullable(),
  replied_at: instant.nullable(),
  failures: z.array(acFailureSchema),
  ...signOffFields,
  can_sign: z.boolean(),
});
export type PortalAc = z.infer<typeof portalAcSchema>;
