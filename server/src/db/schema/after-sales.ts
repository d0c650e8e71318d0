import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyId, owners, projectId, projects, towers, units, users } from './core.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import type { FailureOutcome, TicketState } from '#domain/schemas/after-sales';
import type { SavedViewList } from '#domain/saved-views';
import type { AcSignedVia } from '#domain/acs';
import type { PlanPin } from '#domain/plan-pins';
import { TICKET_WORKING_STATES } from '#domain/tickets';
import { sqlLiterals } from '../sql-literals.ts';
import type { AcState } from '#machines/ac';
import type { FailureState } from '#machines/failure';
import type { OrderState } from '#machines/order';
import type { TicketWorkingState } from '#machines/ticket';
import { catalogueFailureTypes, catalogueItems, cataloguePlaces, type Severity } from './catalogue.ts';

/** After-sales (postventa) tables. Every table carries company_id; states are the machines' ids. */

/** A stored upload (docs/product.md §3 Uploaded file item): the path comes from POST files/upload-url. */
export type Attachment = { path: string; name: string; size: number; type: string };
export type Contact = { name: string; role?: string; email?: string; phone?: string };
export type IframeSettings = { enabled: boolean; allowedOrigins: string[] };

/**
 * Project configuration (docs/product.md §3): general, delivery and post-sale settings. The municipal
 * reception date, real-estate name and warranty name stay on projects. One row per project.
 */
export const projectSettings = pgTable(
  'project_settings',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    realEstateIdNumber: text('real_estate_id_number'),
    legalRepresentative: text('legal_representative'),
    legalRepresentativeIdNumber: text('legal_representative_id_number'),
    taxIds: jsonb('tax_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    contacts: jsonb('contacts')
      .$type<Contact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    logoPath: text('logo_path'),
    /** Post-sale: hours within which a ticket must get its first response. */
    responseTimeHours: integer('response_time_hours').notNull().default(48),
    /** What happens when the response time passes: 'notificar_responsable' | 'notificar_supervisor' | 'ninguna'. */
    responseAction: text('response_action').notNull().default('notificar_supervisor'),
    /** docs/product.md §5/§9: optional message sent with failure notifications, at most 1000 characters. */
    notificationMessage: text('notification_message'),
    /** Owners may confirm or reject a visit until this many hours before it starts (docs/product.md §4). */
    ownerConfirmationLimitHours: integer('owner_confirmation_limit_hours').notNull().default(24),
    /** Owner portal embedding: origins allowed in frame-ancestors. */
    iframe: jsonb('iframe')
      .$type<IframeSettings>()
      .notNull()
      .default(sql`'{"enabled":false,"allowedOrigins":[]}'::jsonb`),
    /** Delivery (entregas) settings, owned by the deliveries screens. */
    delivery: jsonb('delivery')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [index('project_settings_company_idx').on(t.companyId)],
);

/** Per-project counters for ticket numbers and OI/OT/AC codes, incremented atomically by upsert. */
export const warrantyCounters = pgTable(
  'warranty_counters',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'ticket' | 'OI' | 'OT' | 'AC'>().notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind] })],
);

export type TicketOrigin = 'AE' | 'APP' | 'PWA' | 'WEB' | 'EMAIL' | 'CALL';
export type TicketPriority = 'low' | 'medium' | 'high' | 'urgent';

/** Sort rank of a ticket priority, urgent highest: the list sorts by it, tickets_priority_rank_idx indexes the same expression. */
export const priorityRank = (priority: AnyPgColumn): SQL<number> =>
  sql<number>`(case ${priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end)`;

/** Ticket / solicitud (docs/product.md §3 Ticket). */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    towerId: integer('tower_id').references(() => towers.id, { onDelete: 'set null' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    subject: text('subject').notNull(),
    applicantOwnerId: integer('applicant_owner_id').references(() => owners.id, { onDelete: 'set null' }),
    origin: text('origin').$type<TicketOrigin>().notNull(),
    responsibleId: integer('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    priority: text('priority').$type<TicketPriority>().notNull().default('medium'),
    /** Staff users copied on the ticket's notifications. */
    cc: jsonb('cc')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    state: text('state').$type<TicketState>().notNull(),
    previousState: text('previous_state').$type<TicketWorkingState>(),
    mergedIntoId: integer('merged_into_id'),
    closeJustification: text('close_justification'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** First public answer of staff: ends the response clock (dashboard/eficiencia). */
    firstResponseAt: ts('first_response_at'),
    /** Reached finalizada/resuelta/no_aplica; cleared on reopen. */
    resolvedAt: ts('resolved_at'),
    /**
     * Seconds from creation to first_response_at / resolved_at with the paused time taken out (overlapping pauses
     * once), null while that moment is. Kept by the database (migration 0044_ticket_clock_figures: triggers on tickets
     * and ticket_pauses), so every writer keeps them right; dashboard/eficiencia aggregates them.
     */
    responseSeconds: doublePrecision('response_seconds'),
    resolutionSeconds: doublePrecision('resolution_seconds'),
    /** When the project's response action ran because nobody answered in time (once per ticket). */
    responseEscalatedAt: ts('response_escalated_at'),
    /** The key a portal draft was sent with (docs/api.md#owner-portal): a retried send finds its ticket instead of making another. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tickets_number_uq').on(t.projectId, t.number),
    index('tickets_company_state_idx').on(t.companyId, t.state, t.createdAt),
    index('tickets_company_created_idx').on(t.companyId, t.createdAt),
    index('tickets_company_updated_idx').on(t.companyId, t.updatedAt),
    // The response watch sweeps only tickets still waiting for a first answer and not yet escalated.
    index('tickets_awaiting_response_idx')
      .on(t.createdAt)
      .where(
        sql`${t.firstResponseAt} is null and ${t.responseEscalatedAt} is null and ${t.state} in (${sqlLiterals(TICKET_WORKING_STATES)})`,
      ),
    index('tickets_project_idx').on(t.companyId, t.projectId, t.state),
    index('tickets_priority_idx').on(t.companyId, t.priority),
    // Sorting the list by priority otherwise joins and sorts every ticket of the company (0.3 s at 100,000).
    index('tickets_priority_rank_idx').on(t.companyId, priorityRank(t.priority), t.id),
    index('tickets_origin_idx').on(t.companyId, t.origin),
    index('tickets_responsible_idx').on(t.companyId, t.responsibleId, t.state),
    // dashboard/eficiencia: index-only scans per grouping, response figures in order for the median (D-290).
    index('tickets_clock_responsible_idx').on(
      t.companyId,
      t.responsibleId,
      t.responseSeconds,
      t.projectId,
      t.state,
      t.resolutionSeconds,
    ),
    index('tickets_clock_project_idx').on(
      t.companyId,
      t.projectId,
      t.responseSeconds,
      t.responsibleId,
      t.state,
      t.resolutionSeconds,
    ),
    index('tickets_tower_idx').on(t.companyId, t.towerId),
    index('tickets_unit_idx').on(t.companyId, t.unitId),
    index('tickets_applicant_idx').on(t.applicantOwnerId),
    uniqueIndex('tickets_client_key_uq').on(t.companyId, t.createdBy, t.clientKey),
  ],
);

/**
 * Intervals when a ticket's clocks stop (dashboard/eficiencia): while postponed, and while waiting
 * on the owner (a visit awaiting the owner's confirmation).
 */
export const ticketPauses = pgTable(
  'ticket_pauses',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'postergada' | 'espera_propietario'>().notNull(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('ticket_pauses_ticket_idx').on(t.ticketId, t.startedAt)],
);

/** Timeline entries (docs/product.md §3 Observation entry): messages and changes; private never reach owners. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    visibility: text('visibility').$type<'public' | 'private'>().notNull(),
    /** 'document': a file the ticket produced (a signed conformity act), listed with its messages. */
    kind: text('kind').$type<'message' | 'change' | 'document'>().notNull().default('message'),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments')
      .$type<Attachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** For changes: action, from/to state and what changed, so the timeline can say it in any language. */
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** AC (acta de conformidad, docs/product.md §3/§4): pending → conforme | no_conforme | rechazada. */
export const acs = pgTable(
  'acs',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    state: text('state').$type<AcState>().notNull(),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    /** Follow-up of a non-conforming or rejected AC: a re-inspection (OI) or a work order (OT). */
    followUp: text('follow_up').$type<'reinspeccion' | 'orden_trabajo'>(),
    followUpOrderId: integer('follow_up_order_id'),
    /** Photos of the owner's answer (docs/product.md §4 AC), read as the ticket's files. */
    attachments: jsonb('attachments')
      .$type<Attachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The sign-off (docs/product.md#ac-sign-off): when, by whom (the agent's or the owner's account), the name printed. */
    signedAt: ts('signed_at'),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedVia: text('signed_via').$type<AcSignedVia>(),
    signerName: text('signer_name'),
    /** The signature image and the signed PDF, both files of the ticket (registry.fileAccess('ticket')). */
    signaturePath: text('signature_path'),
    signedPdfPath: text('signed_pdf_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('acs_number_uq').on(t.projectId, t.number),
    index('acs_ticket_idx').on(t.companyId, t.ticketId),
    index('acs_state_idx').on(t.companyId, t.state),
  ],
);

export type Guarantee = { category: string; years: number; startDate: string; endDate: string };

/** Failure / falla (docs/product.md §3): place → item → detail from the unit type's catalogue. */
export const failures = pgTable(
  'failures',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').references(() => cataloguePlaces.id, { onDelete: 'set null' }),
    itemId: integer('item_id').references(() => catalogueItems.id, { onDelete: 'set null' }),
    failureTypeId: integer('failure_type_id').references(() => catalogueFailureTypes.id, { onDelete: 'set null' }),
    /** Names copied at creation so history survives catalogue edits. */
    placeName: text('place_name').notNull(),
    itemName: text('item_name').notNull(),
    detailName: text('detail_name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    batch: integer('batch').notNull().default(1),
    severity: text('severity').$type<Severity>().notNull(),
    state: text('state').$type<FailureState>().notNull(),
    previousState: text('previous_state').$type<FailureState>(),
    /** Guarantee computed at creation (docs/product.md#failure-guarantee): term years from the item category. */
    guaranteeYears: integer('guarantee_years').notNull(),
    guaranteeStart: date('guarantee_start').notNull(),
    guaranteeEnd: date('guarantee_end').notNull(),
    markedToOwnerAt: ts('marked_to_owner_at'),
    reenteredAt: ts('reentered_at'),
    reenteredCount: integer('reentered_count').notNull().default(0),
    acId: integer('ac_id').references(() => acs.id, { onDelete: 'set null' }),
    attachments: jsonb('attachments')
      .$type<Attachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Where it sits on the unit type's plan (domain/plan-pins.ts); a pin whose plan was removed is not shown. */
    planPin: jsonb('plan_pin').$type<PlanPin>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('failures_ticket_idx').on(t.companyId, t.ticketId, t.state),
    // Most lookups go by ticket alone (list progress, close, merge, batch numbers, the ticket's cascade);
    // failures_ticket_idx leads with company_id, so at 400,000 failures they scanned the whole index.
    index('failures_ticket_state_idx').on(t.ticketId, t.state),
    index('failures_project_idx').on(t.companyId, t.projectId, t.createdAt),
    index('failures_unit_idx').on(t.companyId, t.unitId),
    index('failures_item_idx').on(t.companyId, t.itemId),
    index('failures_place_idx').on(t.companyId, t.placeId),
    index('failures_ac_idx').on(t.acId),
  ],
);

/**
 * Failures counted per unit and copied names (the grouping estadisticas starts from), over all time: 10,000 rows where
 * failures has 400,000. Kept by statement triggers on failures (migration 0044_ticket_clock_figures), never written by
 * the app; a key whose count falls to zero is removed.
 */
export const failureStats = pgTable(
  'failure_stats',
  {
    companyId: companyId(),
    projectId: projectId(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    placeName: text('place_name').notNull(),
    itemName: text('item_name').notNull(),
    category: text('category').notNull(),
    detailName: text('detail_name').notNull(),
    severity: text('severity').$type<Severity>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'failure_stats_pk',
      columns: [t.companyId, t.projectId, t.unitId, t.placeName, t.itemName, t.category, t.detailName, t.severity],
    }),
  ],
);

/** OI (inspection order) and OT (work order), docs/product.md §3/§4. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'OI' | 'OT'>().notNull(),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    responsibleId: integer('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    durationMinutes: integer('duration_minutes'),
    state: text('state').$type<OrderState>().notNull(),
    previousState: text('previous_state').$type<OrderState>(),
    description: text('description').notNull().default(''),
    /** The owner's answer to the visit: 'confirmada' | 'rechazada'. */
    ownerDecision: text('owner_decision').$type<'confirmada' | 'rechazada'>(),
    ownerDecisionAt: ts('owner_decision_at'),
    ownerDecisionReason: text('owner_decision_reason'),
    /** SHA-256 of the single-use e-mailed confirmation link's token. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenUsedAt: ts('confirm_token_used_at'),
    managedAt: ts('managed_at'),
    managedBy: integer('managed_by').references(() => users.id, { onDelete: 'set null' }),
    observations: text('observations'),
    acId: integer('ac_id').references(() => acs.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.projectId, t.kind, t.number),
    uniqueIndex('orders_token_uq').on(t.confirmTokenHash),
    index('orders_ticket_idx').on(t.companyId, t.ticketId, t.kind),
    index('orders_agenda_idx').on(t.companyId, t.startAt, t.responsibleId),
    index('orders_responsible_idx').on(t.companyId, t.responsibleId, t.startAt),
    index('orders_state_idx').on(t.companyId, t.state),
  ],
);

/** Failures an order covers, with the result recorded when the order is managed. */
export const orderFailures = pgTable(
  'order_failures',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    failureId: integer('failure_id')
      .notNull()
      .references(() => failures.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    result: text('result').$type<FailureOutcome>(),
    comment: text('comment'),
    /** Photos of the visit's result for this failure, read as the ticket's files. */
    attachments: jsonb('attachments')
      .$type<Attachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    managedAt: ts('managed_at'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.failureId] }), index('order_failures_failure_idx').on(t.failureId)],
);

/**
 * Saved views of a list (docs/product.md §2 Saved views): a user's named filters and sort, their own or shared
 * with the company. `params` are the list's URL parameters (domain/saved-views.ts).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<SavedViewList>().notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    params: jsonb('params')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A name once per user and list, whatever its case.
    uniqueIndex('saved_views_name_uq').on(t.userId, t.list, sql`lower(${t.name})`),
    index('saved_views_company_idx').on(t.companyId, t.list, t.shared),
  ],
);
