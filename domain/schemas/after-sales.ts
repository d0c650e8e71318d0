import { z } from 'zod';
import { BULK_SELECTION_MAX, NOTIFICATION_MESSAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, UPLOAD } from '../limits.ts';
import { toIsoDate } from '../format.ts';
import { embeddingOrigins, isoDate, id as rowId } from './common.ts';

/**
 * After-sales (postventa) request schemas, shared by the server routes and the client forms.
 * Messages are locale keys, translated by whoever shows them (docs/product.md §5).
 */
export const TICKET_ORIGINS = ['AE', 'APP', 'PWA', 'WEB', 'EMAIL', 'CALL'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/**
 * docs/product.md §4 ticket states, the ids machines/ticket.ts declares and `tickets.state` stores. Written here
 * because the request schemas below take it; the contract (domain/tickets.ts) re-exports it with its derived lists.
 */
export const TICKET_STATES = [
  'nueva',
  'abierta',
  'en_proceso',
  'finalizada',
  'postergada',
  'resuelta',
  'no_aplica',
  'fusionada',
] as const;
/** The outcomes a managed order records per failure (docs/product.md §4 Failure outcomes); domain/failures.ts adds 'pendiente' for its states. */
export const FAILURE_OUTCOMES = ['cumple', 'falla', 'no_aplica', 'solucionada', 'solucionada_postventa'] as const;
export const ORDER_KINDS = ['OI', 'OT'] as const;
/** The owner's answers to an AC; domain/acs.ts adds 'pendiente' for its states. */
export const AC_RESULTS = ['conforme', 'no_conforme', 'rechazada'] as const;
export const AC_FOLLOW_UPS = ['reinspeccion', 'orden_trabajo'] as const;
export const SEVERITIES = ['leve', 'moderada', 'grave'] as const;
export const DATE_PRESETS = ['all', 'today', 'week', 'month', 'custom'] as const;
export const DATE_FIELDS = ['created', 'updated'] as const;
/** The clock filter of the ticket list (domain/sla.ts): due within 24 h, or overdue. */
export const SLA_FILTERS = ['por_vencer', 'vencidas'] as const;
/** docs/product.md §9 time picker: minutes 0, 15, 30, 45. */
export const SLOT_MINUTES = 15;
export const TICKET_SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
export const JUSTIFICATION_MAX = 2000;

export type TicketOrigin = (typeof TICKET_ORIGINS)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketState = (typeof TICKET_STATES)[number];
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

const required = { error: 'validation.required' } as const;
const text = (max: number) => z.string(required).trim().min(1, 'validation.required').max(max, 'validation.max_length');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.max_length').optional();
const id = rowId();
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, required);

/** docs/product.md §3 Uploaded file item, as stored: the path comes from POST files/upload-url. */
export const attachmentSchema = z.object({
  path: text(500),
  name: text(255),
  size: z.number(required).int().min(0).max(UPLOAD.generalMaxBytes, 'validation.file_size'),
  type: z.string().max(200).default(''),
});
export type AttachmentInput = z.infer<typeof attachmentSchema>;
/**
 * docs/product.md §2 image viewer, "Marcar": `source` is the record's photo that was marked, `path` the new
 * image uploaded with the marks (POST files/upload-url), attached beside it.
 */
export const markedCopySchema = z.object({ source: text(500), path: text(500) });
/** docs/product.md §9 uploader default: at most 5 files. */
const attachments = z.array(attachmentSchema).max(UPLOAD.uploaderDefaultMaxFiles, 'validation.max_items').default([]);

/** docs/product.md §5 Time + §9 picker: an ISO date-time on a quarter hour. */
export const slotDateTime = z
  .string(required)
  .trim()
  .min(1, 'validation.required')
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)) && toIsoDate(new Date(v).toISOString()) !== null,
    { message: 'validation.date', abort: true },
  )
  .refine((v) => {
    const d = new Date(v);
    return d.getUTCMinutes() % SLOT_MINUTES === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  }, 'after_sales.validation.quarter_hour');

/** A failure as it is registered: a detail of the unit type's catalogue (place → item → detail), description, photos. */
export const newFailureSchema = z.object({
  failure_type_id: id,
  description: optionalText(1000),
  severity: oneOf(SEVERITIES).optional(),
  attachments,
});
/** docs/product.md#ticket-screens: a ticket can be registered with its failures in one step. */
export const TICKET_CREATE_FAILURES_MAX = 50;

export const ticketCreateSchema = z.object({
  unit_id: id,
  applicant_owner_id: id,
  origin: oneOf(TICKET_ORIGINS),
  responsible_id: id.nullish(),
  priority: oneOf(TICKET_PRIORITIES).default('medium'),
  cc: z.array(id).max(BULK_SELECTION_MAX, 'validation.max_items').default([]),
  subject: text(TICKET_SUBJECT_MAX),
  message: text(MESSAGE_MAX),
  attachments,
  /** docs/product.md §4 "the save button can send it as a different state". */
  state: oneOf(TICKET_STATES).optional(),
  /** Failures registered with the ticket, in the same transaction (docs/product.md#ticket-screens). */
  failures: z.array(newFailureSchema).max(TICKET_CREATE_FAILURES_MAX, 'validation.max_items').default([]),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;

export const ticketUpdateSchema = z.object({
  subject: text(TICKET_SUBJECT_MAX).optional(),
  responsible_id: id.nullish(),
  priority: oneOf(TICKET_PRIORITIES).optional(),
  cc: z.array(id).max(BULK_SELECTION_MAX, 'validation.max_items').optional(),
  state: oneOf(TICKET_STATES).optional(),
  /** Required by the machine when the state sent is finalizada (docs/product.md §5). */
  justification: optionalText(JUSTIFICATION_MAX),
});
export type TicketUpdateInput = z.input<typeof ticketUpdateSchema>;

const csv = <T extends z.ZodTypeAny>(item: T) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
      z.array(item).max(BULK_SELECTION_MAX, 'validation.max_items'),
    )
    .optional();

/** docs/product.md §2/§9 ticket list filters; arrays are comma lists (docs/product.md §7). */
export const ticketListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    rowsPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sortBy: z
      .enum([
        'code',
        'number',
        'subject',
        'state',
        'priority',
        'origin',
        'created_at',
        'updated_at',
        'responsible',
        'unit',
        'project',
        'sla',
      ])
      .optional(),
    descending: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
    state: csv(z.enum(TICKET_STATES)),
    priority: csv(z.enum(TICKET_PRIORITIES)),
    origin: csv(z.enum(TICKET_ORIGINS)),
    responsible_id: csv(id),
    project_id: csv(id),
    tower_id: csv(id),
    unit_id: csv(id),
    date_field: z.enum(DATE_FIELDS).default('created'),
    date_preset: z.enum(DATE_PRESETS).default('all'),
    date_from: isoDate().optional(),
    date_to: isoDate().optional(),
    search: z.string().trim().max(100).optional(),
    /** docs/product.md §4 Ticket clocks: tickets due within 24 h (por_vencer) or overdue (vencidas). */
    sla: z.enum(SLA_FILTERS).optional(),
    /** IANA time zone of the browser, so 'today' and 'week' are the user's; defaults to the company's country. */
    tz: z.string().max(64).optional(),
  })
  .refine((q) => q.date_preset !== 'custom' || (q.date_from && q.date_to), {
    path: ['date_from'],
    message: 'validation.required',
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    message: 'after_sales.validation.range',
  });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const messageSchema = z.object({
  body: text(MESSAGE_MAX),
  visibility: oneOf(['public', 'private'] as const).default('public'),
  attachments,
});

export const closeSchema = z.object({ justification: text(JUSTIFICATION_MAX) });
export const reopenSchema = z.object({ justification: optionalText(JUSTIFICATION_MAX) });
export const mergeSchema = z.object({
  ticket_ids: z.array(id).min(1, 'validation.required').max(BULK_SELECTION_MAX, 'validation.max_items'),
});

export const BULK_ACTIONS = ['assign', 'priority', 'postpone', 'unpostpone', 'close', 'reopen'] as const;
/** docs/product.md §5/§9: bulk actions on at most 50 selected tickets. */
export const bulkSchema = z
  .object({
    ids: z.array(id).min(1, 'validation.required').max(BULK_SELECTION_MAX, 'validation.max_items'),
    action: oneOf(BULK_ACTIONS),
    responsible_id: id.optional(),
    priority: oneOf(TICKET_PRIORITIES).optional(),
    justification: optionalText(JUSTIFICATION_MAX),
  })
  .refine((b) => b.action !== 'assign' || b.responsible_id, {
    path: ['responsible_id'],
    message: 'validation.required',
  })
  .refine((b) => b.action !== 'priority' || b.priority, { path: ['priority'], message: 'validation.required' })
  .refine((b) => b.action !== 'close' || b.justification, { path: ['justification'], message: 'validation.required' });

export const failureCreateSchema = newFailureSchema.extend({
  batch: z.coerce.number().int().min(1).max(999).optional(),
});
export const failureUpdateSchema = z.object({
  failure_type_id: id.optional(),
  description: optionalText(1000),
  severity: oneOf(SEVERITIES).optional(),
  attachments: z.array(attachmentSchema).max(UPLOAD.uploaderDefaultMaxFiles, 'validation.max_items').optional(),
});
export const failureOutcomeSchema = z.object({ outcome: oneOf(FAILURE_OUTCOMES), comment: optionalText(1000) });
export const failureNoteSchema = z.object({ comment: optionalText(1000) });

export const orderScheduleSchema = z.object({
  start_at: slotDateTime,
  duration_minutes: z.coerce
    .number(required)
    .int()
    .min(SLOT_MINUTES, 'validation.min_value')
    .max(24 * 60, 'validation.max_value')
    .refine((n) => n % SLOT_MINUTES === 0, 'after_sales.validation.quarter_hour'),
  responsible_id: id.optional(),
});

/** docs/product.md §5 "an order needs a schedule": responsible, start and duration are all required. */
export const orderCreateSchema = z.object({
  responsible_id: id,
  failure_ids: z.array(id).min(1, 'validation.required').max(200, 'validation.max_items'),
  description: optionalText(2000),
  start_at: slotDateTime,
  duration_minutes: orderScheduleSchema.shape.duration_minutes,
});
export const orderUpdateSchema = z.object({
  responsible_id: id.optional(),
  failure_ids: z.array(id).min(1, 'validation.required').max(200, 'validation.max_items').optional(),
  description: optionalText(2000),
  start_at: slotDateTime.optional(),
  duration_minutes: orderScheduleSchema.shape.duration_minutes.optional(),
});
export const orderManageSchema = z.object({
  results: z
    .array(z.object({ failure_id: id, result: oneOf(FAILURE_OUTCOMES), comment: optionalText(1000), attachments }))
    .min(1, 'validation.required')
    .max(200, 'validation.max_items'),
  observations: optionalText(2000),
});
export const orderDecisionSchema = z.object({ reason: optionalText(500) });

/**
 * What an owner sends from the portal (docs/product.md#owner-portal; origin PWA): unit, subject, message and
 * photos. `client_key` is the id a device gave its draft: sending the same draft again answers the ticket it
 * already made (docs/api.md#owner-portal).
 */
export const portalTicketSchema = z.object({
  unit_id: id,
  subject: text(TICKET_SUBJECT_MAX),
  message: text(MESSAGE_MAX),
  attachments,
  client_key: z.uuid('validation.invalid').optional(),
});
export const portalMessageSchema = z.object({ body: text(MESSAGE_MAX), attachments });

export const acCreateSchema = z.object({
  failure_ids: z.array(id).min(1, 'validation.required').max(200, 'validation.max_items'),
});
export const acReplySchema = z
  .object({
    result: oneOf(AC_RESULTS),
    reply: optionalText(2000),
    follow_up: oneOf(AC_FOLLOW_UPS).optional(),
    attachments,
  })
  .refine((r) => r.result === 'conforme' || !!r.reply, { path: ['reply'], message: 'validation.required' });

export const agendaQuerySchema = z.object({
  from: z.string(required).refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && toIsoDate(v) !== null, 'validation.date'),
  to: z.string(required).refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && toIsoDate(v) !== null, 'validation.date'),
  responsible_id: csv(id),
  project_id: csv(id),
  kind: csv(z.enum(ORDER_KINDS)),
});

/** docs/product.md §3 Project configuration (post-sale part), §5 notification message ≤ 1000. */
export const projectSettingsSchema = z.object({
  municipal_reception_date: isoDate().nullish(),
  real_estate_name: optionalText(200).nullable(),
  real_estate_id_number: optionalText(20).nullable(),
  legal_representative: optionalText(200).nullable(),
  legal_representative_id_number: optionalText(20).nullable(),
  tax_ids: z.array(text(50)).max(10, 'validation.max_items').optional(),
  contacts: z
    .array(
      z.object({
        name: text(200),
        role: optionalText(100),
        email: optionalText(254),
        phone: optionalText(50),
      }),
    )
    .max(20, 'validation.max_items')
    .optional(),
  logo_path: optionalText(500).nullable(),
  response_time_hours: z.coerce
    .number()
    .int()
    .min(1, 'validation.min_value')
    .max(24 * 60, 'validation.max_value')
    .optional(),
  response_action: oneOf(['notificar_responsable', 'notificar_supervisor', 'ninguna'] as const).optional(),
  notification_message: z.string().max(NOTIFICATION_MESSAGE_MAX, 'validation.max_length').nullish(),
  owner_confirmation_limit_hours: z.coerce
    .number()
    .int()
    .min(0, 'validation.min_value')
    .max(24 * 30, 'validation.max_value')
    .optional(),
  iframe: z
    .object({
      enabled: z.boolean(),
      allowed_origins: embeddingOrigins(),
    })
    .optional(),
});
