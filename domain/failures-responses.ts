import { z } from 'zod';
import { FAILURE_OUTCOMES, ORDER_KINDS, SEVERITIES } from './schemas/after-sales.ts';
import { attachmentViewSchema, day, eventOf, instant } from './responses.ts';
import { FAILURE_STATES, failureCommands } from './failures.ts';
import { AC_STATES } from './acs.ts';

/** What the failure routes answer (server/src/modules/after-sales/failures). */
const state = z.enum(FAILURE_STATES);
/** Catalogue ids survive as null when the catalogue entry is removed; the names were copied at creation. */
const named = z.object({ id: z.number().nullable(), name: z.string() });

/** GET postventa/solicitudes/:id/fallas. Owners (the portal) get it without the allowed events. */
export const failureViewSchema = z.object({
  id: z.number(),
  ticket_id: z.number(),
  state,
  previous_state: state.nullable(),
  place: named,
  item: named.extend({ category: z.string() }),
  detail: named,
  description: z.string(),
  batch: z.number(),
  severity: z.enum(SEVERITIES),
  guarantee: z.object({
    category: z.string(),
    years: z.number(),
    start_date: day,
    end_date: day,
    in_force: z.boolean(),
  }),
  marked_to_owner_at: instant.nullable(),
  reentered_count: z.number(),
  reentered_at: instant.nullable(),
  ac: z.object({ id: z.number(), code: z.string().nullable(), state: z.enum(AC_STATES).nullable() }).nullable(),
  orders: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      kind: z.enum(ORDER_KINDS),
      result: z.enum(FAILURE_OUTCOMES).nullable(),
    }),
  ),
  attachments: z.array(attachmentViewSchema),
  created_at: instant,
  updated_at: instant,
  allowed_events: z.array(eventOf(failureCommands)).optional(),
});
export type FailureView = z.infer<typeof failureViewSchema>;
