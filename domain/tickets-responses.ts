import { z } from 'zod';
import { SEVERITIES, TICKET_ORIGINS, TICKET_PRIORITIES, TICKET_STATES } from './schemas/after-sales.ts';
import { attachmentViewSchema, day, eventOf, instant, personBriefSchema, refSchema } from './responses.ts';
import { TICKET_UNRESOLVED_STATES, TICKET_WORKING_STATES, ticketCommands } from './tickets.ts';
import { SLA_CLOCKS, SLA_STATUSES } from './sla.ts';

/** What the after-sales ticket routes answer (server/src/modules/after-sales/tickets, …/catalogue, …/dashboards). */
const state = z.enum(TICKET_STATES);
const priority = z.enum(TICKET_PRIORITIES);
const progressSchema = z.object({ total: z.number(), done: z.number(), percent: z.number() });
export type Progress = z.infer<typeof progressSchema>;

/** One ticket clock (domain/sla.ts, docs/product.md §4 Ticket clocks). */
export const slaClockSchema = z.object({
  target_hours: z.number(),
  elapsed_minutes: z.number(),
  remaining_minutes: z.number(),
  due_at: instant.nullable(),
  paused: z.boolean(),
  stopped_at: instant.nullable(),
  status: z.enum(SLA_STATUSES),
});
/** The clock a row and the header badge show (`ticketSla`): null for a merged ticket. */
export const ticketSlaSchema = slaClockSchema.extend({ clock: z.enum(SLA_CLOCKS) }).nullable();

/** GET postventa/solicitudes (list row; also the solicitudes tab of a ficha). */
export const ticketRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  number: z.number(),
  subject: z.string(),
  state,
  previous_state: z.enum(TICKET_WORKING_STATES).nullable(),
  priority,
  origin: z.enum(TICKET_ORIGINS),
  project: refSchema,
  tower: refSchema.nullable(),
  unit: z.object({ id: z.number(), number: z.string() }),
  applicant: refSchema.nullable(),
  responsible: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  merged_into_id: z.number().nullable(),
  progress: progressSchema,
  /** Every failure dealt with and every AC conforming: proposed for resolution (docs/product.md §4). */
  ready_to_resolve: z.boolean(),
  created_at: instant,
  updated_at: instant,
  sla: ticketSlaSchema,
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

/** GET postventa/solicitudes/:id. Owners (the portal) get it without the contact, response and allowed events. */
export const ticketDetailSchema = ticketRowSchema
  .omit({ applicant: true, responsible: true, unit: true, project: true, sla: true })
  .extend({
    project: refSchema.extend({ municipal_reception_date: day.nullable() }),
    floor: refSchema.nullable(),
    unit: z.object({
      id: z.number(),
      number: z.string(),
      delivery_date: day.nullable(),
      unit_type: refSchema.nullable(),
    }),
    applicant: z
      .object({
        id: z.number(),
        name: z.string(),
        last_name: z.string(),
        mail: z.string().nullable().optional(),
        phone: z.string().nullable().optional(),
        has_account: z.boolean().optional(),
        email_verified: z.boolean().optional(),
      })
      .nullable(),
    responsible: personBriefSchema.nullable(),
    cc: z.array(personBriefSchema),
    created_by: personBriefSchema.nullable(),
    close_justification: z.string().nullable(),
    first_response_at: instant.nullable(),
    resolved_at: instant.nullable(),
    counts: z.object({
      failures: z.number(),
      pending_failures: z.number(),
      oi: z.number(),
      ot: z.number(),
      ac: z.number(),
    }),
    response: z
      .object({
        response_time_hours: z.number(),
        response_due_at: instant.nullable(),
        response_elapsed_minutes: z.number(),
        is_exempt: z.boolean(),
        is_overdue: z.boolean(),
      })
      .optional(),
    /** Staff only, like `response`: both clocks, and the one the header badge shows. */
    clocks: z.object({ response: slaClockSchema, resolution: slaClockSchema }).optional(),
    sla: ticketSlaSchema.optional(),
    allowed_events: z.array(eventOf(ticketCommands)).optional(),
    /** Hours before a visit the owner may still answer it (staff only; docs/product.md §4 Owner confirmation). */
    owner_reply_hours: z.number().optional(),
  });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** GET postventa/solicitudes/:id/actividad (docs/product.md §3 Observation entry), in the list envelope. */
export const timelineEntrySchema = z.object({
  id: z.string(),
  source: z.enum(['message', 'change']),
  visibility: z.enum(['public', 'private']),
  usuario: z
    .object({ id: z.number(), name: z.string(), color: z.string().nullable(), acronimo: z.string() })
    .nullable(),
  fecha: instant,
  tipo: z.object({ nombre: z.string(), kind: z.string() }),
  text: z.string(),
  archivos: z.array(attachmentViewSchema),
  action: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/**
 * POST postventa/solicitudes/:id/<record>/marcadas (docs/product.md §2 image viewer, "Marcar"): the record's
 * photos after the marked copy joined them, right after its original.
 */
export const recordPhotosSchema = z.object({ attachments: z.array(attachmentViewSchema) });
export type RecordPhotos = z.infer<typeof recordPhotosSchema>;

/** GET postventa/solicitudes/:id/fusionables. */
export const mergeCandidateSchema = z.object({
  id: z.number(),
  code: z.string(),
  subject: z.string(),
  state,
  created_at: instant,
});
export type MergeCandidate = z.infer<typeof mergeCandidateSchema>;

// ── The pickers of solicitud/crear and fallas ──

/** GET postventa/unidades. */
export const unitOptionSchema = z.object({
  id: z.number(),
  number: z.string(),
  tower: refSchema.nullable(),
  unit_type: z.string().nullable(),
  delivery_date: day.nullable(),
  delivery_state: z.string().nullable(),
  owners: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      last_name: z.string(),
      mail: z.string().nullable(),
      phone: z.string().nullable(),
      role: z.string(),
    }),
  ),
});
export type UnitOption = z.infer<typeof unitOptionSchema>;

/** GET postventa/responsables (docs/product.md §3 User option, v2 shape). */
export const responsibleOptionSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  username: z.string(),
  image_url: z.string().nullable(),
  acronym: z.string(),
  color: z.string().nullable(),
  is_enabled: z.boolean(),
  is_agent: z.boolean(),
});
export type ResponsibleOption = z.infer<typeof responsibleOptionSchema>;

/** GET postventa/catalogo/unidad/:unitId. The surface is the database's decimal text ("61.80"). */
export const catalogueTreeSchema = z.object({
  unit_type: z.object({
    id: z.number(),
    name: z.string(),
    category: z.string().nullable(),
    surface: z.string().nullable(),
  }),
  areas: z.array(
    refSchema.extend({
      places: z.array(
        refSchema.extend({
          items: z.array(
            refSchema.extend({
              category: z.string(),
              failures: z.array(refSchema.extend({ severity: z.enum(SEVERITIES) })),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type CatalogueTree = z.infer<typeof catalogueTreeSchema>;

// ── Dashboards (docs/product.md §2 dashboards) ──

const counts = <K extends z.ZodType<string>>(key: K) => z.partialRecord(key, z.number());
/** GET postventa/dashboard/solicitudes. */
export const requestsBoardSchema = z.object({
  by_state: counts(state),
  by_priority: counts(priority),
  response: z.object({ open: z.number(), overdue: z.number(), on_time: z.number() }),
  lanes: z.array(
    z.object({
      responsible: z.object({
        id: z.number().nullable(),
        full_name: z.string(),
        color: z.string().nullable(),
        is_agent: z.boolean(),
      }),
      open: z.number(),
      overdue: z.number(),
      by_state: z.record(z.enum(TICKET_UNRESOLVED_STATES), z.number()),
      tickets: z.array(
        z.object({
          id: z.number(),
          code: z.string(),
          subject: z.string(),
          state,
          priority,
          overdue: z.boolean(),
          updated_at: instant,
        }),
      ),
    }),
  ),
});
export type RequestsBoard = z.infer<typeof requestsBoardSchema>;

const timesSchema = z.object({
  count: z.number(),
  avg_hours: z.number().nullable(),
  median_hours: z.number().nullable(),
});
export type Times = z.infer<typeof timesSchema>;
/** GET postventa/dashboard/eficiencia. */
export const efficiencySchema = z.object({
  by_responsible: z.array(
    z.object({
      responsible: z.object({ id: z.number(), full_name: z.string() }).nullable(),
      response: timesSchema,
      resolution: timesSchema,
    }),
  ),
  by_project: z.array(z.object({ project: refSchema, response: timesSchema, resolution: timesSchema })),
});
export type Efficiency = z.infer<typeof efficiencySchema>;

const tally = z.object({ name: z.string(), n: z.number() });
/** GET postventa/estadisticas. */
export const statisticsSchema = z.object({
  by_place: z.array(tally),
  by_item: z.array(tally.extend({ category: z.string() })),
  by_severity: z.array(tally),
  recurrence_by_unit_type: z.array(
    z.object({
      unit_type: refSchema,
      failures: z.number(),
      units: z.number(),
      failures_per_unit: z.number(),
      recurrent_details: z.array(
        z.object({ place: z.string(), item: z.string(), detail: z.string(), n: z.number(), units: z.number() }),
      ),
    }),
  ),
});
export type Statistics = z.infer<typeof statisticsSchema>;
