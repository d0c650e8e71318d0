import { z } from 'zod';
import { FAILURE_OUTCOMES, SEVERITIES, TICKET_STATES } from './schemas/after-sales.ts';
import { attachmentViewSchema, eventOf, instant, personBriefSchema, refSchema } from './responses.ts';
import { FAILURE_STATES } from './failures.ts';
import { ORDER_KINDS, ORDER_STATES, orderCommands } from './orders.ts';

/** What the order (OI / OT) and agenda routes answer (server/src/modules/after-sales/orders, …/agenda). */
const state = z.enum(ORDER_STATES);
const kind = z.enum(ORDER_KINDS);
const ownerDecision = z.enum(['confirmada', 'rechazada']).nullable();

/** GET postventa/solicitudes/:id/oi|ot (and …/:orderId). */
export const orderViewSchema = z.object({
  id: z.number(),
  kind,
  code: z.string(),
  number: z.number(),
  ticket_id: z.number(),
  state,
  previous_state: state.nullable(),
  responsible: personBriefSchema.nullable(),
  start_at: instant.nullable(),
  end_at: instant.nullable(),
  duration_minutes: z.number().nullable(),
  description: z.string(),
  observations: z.string().nullable(),
  owner_decision: ownerDecision,
  owner_decision_at: instant.nullable(),
  owner_decision_reason: z.string().nullable(),
  owner_window: z.object({
    can_confirm: z.boolean(),
    can_reject: z.boolean(),
    deadline: instant.nullable(),
    is_before_deadline: z.boolean(),
    needs_staff_confirmation: z.boolean(),
  }),
  managed_at: instant.nullable(),
  failures: z.array(
    z.object({
      id: z.number(),
      place: z.string(),
      item: z.string(),
      detail: z.string(),
      severity: z.enum(SEVERITIES),
      state: z.enum(FAILURE_STATES),
      batch: z.number(),
      result: z.enum(FAILURE_OUTCOMES).nullable(),
      comment: z.string().nullable(),
      attachments: z.array(attachmentViewSchema),
    }),
  ),
  is_schedule_editable: z.boolean(),
  allowed_events: z.array(eventOf(orderCommands)),
  created_at: instant,
  updated_at: instant,
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** One visit of GET postventa/agenda. */
export const agendaEventSchema = z.object({
  id: z.number(),
  kind,
  code: z.string(),
  state,
  start: instant,
  end: instant,
  duration_minutes: z.number().nullable(),
  title: z.string(),
  responsible: personBriefSchema.nullable(),
  ticket: z.object({ id: z.number(), code: z.string(), subject: z.string(), state: z.enum(TICKET_STATES) }),
  project: refSchema,
  unit: z.object({ id: z.number(), number: z.string() }),
  /** The ticket's applicant (owner or receiver of the unit). */
  owner: refSchema.nullable(),
  owner_decision: ownerDecision,
  overlaps: z.boolean(),
  overlaps_with: z.array(z.number()),
});
export type AgendaEvent = z.infer<typeof agendaEventSchema>;

/** GET postventa/agenda: the visits of the range, and the range as the company's time zone reads it. */
export const agendaSchema = z.object({ from: instant, to: instant, data: z.array(agendaEventSchema) });
export type Agenda = z.infer<typeof agendaSchema>;
