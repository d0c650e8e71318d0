import { z } from 'zod';
import { AC_FOLLOW_UPS, AC_STATES, acCommands } from './acs.ts';
import { FAILURE_STATES } from './failures.ts';
import { ORDER_KINDS, ORDER_STATES } from './orders.ts';
import { attachmentViewSchema, eventOf, instant, personBriefSchema } from './responses.ts';

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
  failures: z.array(
    z.object({
      id: z.number(),
      place: z.string(),
      item: z.string(),
      detail: z.string(),
      state: z.enum(FAILURE_STATES),
    }),
  ),
  allowed_events: z.array(eventOf(acCommands)),
  created_at: instant,
});
export type AcView = z.infer<typeof acViewSchema>;
