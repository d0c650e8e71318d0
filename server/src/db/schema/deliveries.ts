import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, projectId, units, unitTypes, users } from './core.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import type { DeliveryScheduleState } from '#machines/delivery-schedule';
import { catalogueFailureTypes, catalogueItems, cataloguePlaces, type Severity } from './catalogue.ts';
import { tickets, type Attachment } from './after-sales.ts';
import type { PlanPin } from '#domain/plan-pins';

/**
 * Unit deliveries (entregas). The ficha's state, scheduled date and delivery date live on
 * `units` (core); these tables hold the rest of the record, every one with company_id.
 */
const unitId = () =>
  integer('unit_id')
    .notNull()
    .references(() => units.id, { onDelete: 'cascade' });
const reading = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** Who was present at the delivery, as the dialog recorded them (docs/product.md §5 "owner role"). */
export type DeliveryAttendee = { ownerId: number; name: string; lastName: string; role: 'propietario' | 'receptor' };

/**
 * One row per unit once anything of its ficha is written: details (docs/product.md §3 parkings, stores, meter
 * readings), the after-sales link, and what the delivery dialog recorded (the recepcion tab and
 * the act). A unit without a row has an empty ficha.
 */
export const deliveryFichas = pgTable(
  'delivery_fichas',
  {
    unitId: integer('unit_id')
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    projectId: projectId(),
    parkings: jsonb('parkings')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    storages: jsonb('storages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    readingLight: reading('reading_light'),
    readingColdWater: reading('reading_cold_water'),
    readingHotWater: reading('reading_hot_water'),
    readingGas: reading('reading_gas'),
    readingHeating: reading('reading_heating'),
    detailsObservations: text('details_observations'),
    /** Ficha machine context: a ticket holds the pending failures, so the delivery cannot be undone. */
    isPassedToAfterSales: boolean('is_passed_to_after_sales').notNull().default(false),
    afterSalesTicketId: integer('after_sales_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    // The delivery dialog (recepcion tab, act).
    deliveredBy: integer('delivered_by').references(() => users.id, { onDelete: 'set null' }),
    deliveryRecordedAt: ts('delivery_recorded_at'),
    attendees: jsonb('attendees')
      .$type<DeliveryAttendee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    receiverComment: text('receiver_comment'),
    actObservations: text('act_observations'),
    ownerSignaturePath: text('owner_signature_path'),
    representativeId: integer('representative_id').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delivery_fichas_project_idx').on(t.companyId, t.projectId),
    index('delivery_fichas_ticket_idx').on(t.afterSalesTicketId),
  ],
);

export type RevisionOutcome = 'cumple' | 'falla' | 'no_aplica' | 'solucionada' | 'solucionada_postventa';

/**
 * Pre-delivery inspection (revision tab): one result per catalogue item of the unit's type. Names
 * are copied so the record survives catalogue edits. A 'falla' is a pending failure until solved;
 * passing to after-sales links it to the ticket's failure.
 */
export const deliveryRevisionResults = pgTable(
  'delivery_revision_results',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    unitId: unitId(),
    placeId: integer('place_id').references(() => cataloguePlaces.id, { onDelete: 'set null' }),
    itemId: integer('item_id').references(() => catalogueItems.id, { onDelete: 'set null' }),
    failureTypeId: integer('failure_type_id').references(() => catalogueFailureTypes.id, { onDelete: 'set null' }),
    placeName: text('place_name').notNull(),
    itemName: text('item_name').notNull(),
    failureName: text('failure_name'),
    outcome: text('outcome').$type<RevisionOutcome>().notNull(),
    severity: text('severity').$type<Severity>(),
    observation: text('observation'),
    photos: jsonb('photos')
      .$type<Attachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    ticketFailureId: integer('ticket_failure_id'),
    /** Where the failure sits on the unit type's plan (domain/plan-pins.ts); passing to after-sales copies it. */
    planPin: jsonb('plan_pin').$type<PlanPin>(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_revision_unit_item_uq').on(t.unitId, t.itemId),
    index('delivery_revision_unit_idx').on(t.companyId, t.unitId),
    index('delivery_revision_pending_idx').on(t.companyId, t.projectId, t.outcome),
  ],
);

/** Accessories handed over with the unit (docs/product.md §3: delivered, quantity). */
export const deliveryAccessories = pgTable(
  'delivery_accessories',
  {
    id: id(),
    companyId: companyId(),
    unitId: unitId(),
    name: text('name').notNull(),
    isDelivered: boolean('is_delivered').notNull().default(false),
    quantity: integer('quantity').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('delivery_accessories_unit_idx').on(t.companyId, t.unitId, t.position)],
);

/** Certificates of the archivos tab: PDF only, at most 100 of 20 MB per unit (docs/product.md §5). */
export const deliveryCertificates = pgTable(
  'delivery_certificates',
  {
    id: id(),
    companyId: companyId(),
    unitId: unitId(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_certificates_path_uq').on(t.companyId, t.path),
    index('delivery_certificates_unit_idx').on(t.companyId, t.unitId, t.createdAt),
  ],
);

/**
 * The owner's delivery appointment (docs/product.md §4 delivery schedule: por_confirmar → confirmada |
 * rechazada). At most one live schedule per unit; returning to new or cleaning cancels it
 * (cancelled_at) so the history stays.
 */
export const deliverySchedules = pgTable(
  'delivery_schedules',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    unitId: unitId(),
    startAt: ts('start_at').notNull(),
    responsibleId: integer('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<DeliveryScheduleState>().notNull(),
    ownerDecisionAt: ts('owner_decision_at'),
    ownerDecisionBy: text('owner_decision_by').$type<'owner' | 'staff'>(),
    ownerDecisionReason: text('owner_decision_reason'),
    /** SHA-256 of the single-use e-mailed link's token. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenUsedAt: ts('confirm_token_used_at'),
    cancelledAt: ts('cancelled_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_schedules_live_uq')
      .on(t.unitId)
      .where(sql`${t.cancelledAt} is null`),
    uniqueIndex('delivery_schedules_token_uq').on(t.confirmTokenHash),
    index('delivery_schedules_agenda_idx').on(t.companyId, t.startAt, t.responsibleId),
    index('delivery_schedules_project_idx').on(t.companyId, t.projectId, t.state),
  ],
);

/** Plans per unit type of a project (config propietarios / planos). */
export const unitTypePlans = pgTable(
  'unit_type_plans',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    unitTypeId: integer('unit_type_id')
      .notNull()
      .references(() => unitTypes.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unit_type_plans_path_uq').on(t.companyId, t.path),
    index('unit_type_plans_idx').on(t.companyId, t.projectId, t.unitTypeId),
  ],
);
