import { z } from 'zod';
import { OWNER_ROLES, READINGS, REVISION_OUTCOMES } from './schemas/deliveries.ts';
import { SEVERITIES } from './schemas/after-sales.ts';
import { attachmentViewSchema, day, eventOf, instant, personBriefSchema, refSchema } from './responses.ts';
import { DELIVERY_SCHEDULE_STATES, deliveryScheduleCommands, FICHA_STATES, fichaCommands } from './fichas.ts';

/** What the deliveries ficha routes answer (server/src/modules/deliveries). */
const role = z.enum(OWNER_ROLES);
const scheduleState = z.enum(DELIVERY_SCHEDULE_STATES);
const floorSchema = z.object({ id: z.number(), number: z.number(), name: z.string() });
const unitTypeBrief = refSchema.extend({ category: z.string() });

/** The live delivery appointment of a ficha, with the owner's answer window. */
export const scheduleViewSchema = z.object({
  id: z.number(),
  state: scheduleState,
  start_at: instant,
  responsible_id: z.number().nullable(),
  owner_decision_at: instant.nullable(),
  owner_decision_by: z.enum(['owner', 'staff']).nullable(),
  owner_decision_reason: z.string().nullable(),
  can_confirm: z.boolean(),
  can_reject: z.boolean(),
  deadline: instant,
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

/**
 * GET entregas/portal/entregas (and the answer of its confirmar / rechazar): the owner's delivery appointment,
 * with the company's time zone its date is read in and the owner's answer window (docs/product.md §4).
 */
export const portalDeliverySchema = z.object({
  id: z.number(),
  unit: z.object({ id: z.number(), number: z.string(), tower: z.string().nullable() }),
  project: z.string(),
  state: scheduleState,
  start_at: instant,
  time_zone: z.string(),
  owner_decision_at: instant.nullable(),
  owner_decision_reason: z.string().nullable(),
  can_confirm: z.boolean(),
  can_reject: z.boolean(),
  deadline: instant,
});
export type PortalDelivery = z.infer<typeof portalDeliverySchema>;

/** GET entregas/proyectos/:projectId/fichas (list row, in the list envelope). */
export const fichaRowSchema = z.object({
  id: z.number(),
  unit: z.string(),
  project_id: z.number(),
  tower: refSchema.nullable(),
  floor: floorSchema.nullable(),
  unit_type: unitTypeBrief.nullable(),
  responsible: z.object({ id: z.number(), full_name: z.string(), color: z.string().nullable() }).nullable(),
  schedule: z.object({ id: z.number(), state: scheduleState, start_at: instant }).nullable(),
  scheduled_delivery_at: instant.nullable(),
  delivery_date: day.nullable(),
  pending_failures: z.number(),
  state: z.enum(FICHA_STATES),
  is_passed_to_after_sales: z.boolean(),
  after_sales_ticket_id: z.number().nullable(),
  owners: z.array(z.object({ id: z.number(), name: z.string(), last_name: z.string(), role })),
});
export type FichaRow = z.infer<typeof fichaRowSchema>;

/** GET entregas/fichas/:unitId: the header every tab shows and what its machines allow now. The surface is the database's decimal text. */
export const fichaDetailSchema = fichaRowSchema
  .omit({
    owners: true,
    schedule: true,
    after_sales_ticket_id: true,
    project_id: true,
    unit_type: true,
    responsible: true,
  })
  .extend({
    project: refSchema,
    unit_type: unitTypeBrief.extend({ surface: z.string().nullable() }).nullable(),
    responsible: personBriefSchema.nullable(),
    schedule: scheduleViewSchema.nullable(),
    after_sales_ticket: z.object({ id: z.number(), code: z.string(), state: z.string() }).nullable(),
    owners_count: z.number(),
    allowed_events: z.array(eventOf(fichaCommands)),
    schedule_allowed_events: z.array(eventOf(deliveryScheduleCommands)),
    updated_at: instant,
  });
export type FichaDetail = z.infer<typeof fichaDetailSchema>;

/** GET entregas/fichas/:unitId/propietarios. */
export const ownerSchema = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  mail: z.string().nullable(),
  phone: z.string().nullable(),
  rut: z.string().nullable(),
  role,
  has_account: z.boolean(),
  can_be_notified: z.boolean(),
});
export type Owner = z.infer<typeof ownerSchema>;

/** GET entregas/fichas/:unitId/detalles. */
export const detailsSchema = z.object({
  parkings: z.array(z.string()),
  storages: z.array(z.string()),
  readings: z.record(z.enum(READINGS), z.number().nullable()),
  observations: z.string().nullable(),
});
export type Details = z.infer<typeof detailsSchema>;

/** GET entregas/fichas/:unitId/accesorios: the ficha's own, or the project's template (ids null) until saved. */
export const accessoriesSchema = z.object({
  is_template: z.boolean(),
  accessories: z.array(
    z.object({ id: z.number().nullable(), name: z.string(), delivered: z.boolean(), quantity: z.number() }),
  ),
});
export type Accessory = z.infer<typeof accessoriesSchema>['accessories'][number];

/** GET entregas/fichas/:unitId/archivos (the certificates, a whole answer, not in `data`). */
export const certificatesSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      filename: z.string(),
      path: z.string(),
      url: z.string(),
      size: z.number(),
      file_size: z.number(),
      type: z.string(),
      extension: z.string(),
      created_at: instant,
    }),
  ),
  max_files: z.number(),
  max_bytes: z.number(),
});
export type Certificate = z.infer<typeof certificatesSchema>['data'][number];

const revisionResultSchema = z.object({
  id: z.number(),
  outcome: z.enum(REVISION_OUTCOMES),
  failure_type_id: z.number().nullable(),
  failure_name: z.string().nullable(),
  severity: z.enum(SEVERITIES).nullable(),
  observation: z.string().nullable(),
  photos: z.array(attachmentViewSchema),
  ticket_id: z.number().nullable(),
  updated_at: instant,
});
export type RevisionResult = z.infer<typeof revisionResultSchema>;
const revisionItemSchema = refSchema.extend({
  category: z.string(),
  failures: z.array(refSchema.extend({ severity: z.enum(SEVERITIES) })),
  result: revisionResultSchema.nullable(),
});
export type RevisionItem = z.infer<typeof revisionItemSchema>;

/** GET entregas/fichas/:unitId/revision: the unit type's catalogue with each item's result; results of removed items apart. */
export const revisionSchema = z.object({
  unit_type: unitTypeBrief.extend({ surface: z.number().nullable() }).nullable(),
  areas: z.array(refSchema.extend({ places: z.array(refSchema.extend({ items: z.array(revisionItemSchema) })) })),
  other_results: z.array(revisionResultSchema.extend({ place_name: z.string(), item_name: z.string() })),
  summary: z.object({
    items: z.number(),
    answered: z.number(),
    pending_failures: z.number(),
    by_outcome: z.record(z.enum(REVISION_OUTCOMES), z.number()),
  }),
});
export type Revision = z.infer<typeof revisionSchema>;

/** GET entregas/fichas/:unitId/recepcion: what the delivery dialog recorded. */
export const receptionSchema = z.object({
  state: z.enum(FICHA_STATES),
  delivery_date: day.nullable(),
  recorded_at: instant.nullable(),
  delivered_by: personBriefSchema.nullable(),
  attendees: z.array(z.object({ owner_id: z.number(), name: z.string(), last_name: z.string(), role })),
  receiver_comment: z.string().nullable(),
  observations: z.string().nullable(),
  owner_signature_path: z.string().nullable(),
  representative: personBriefSchema.partial().extend({ signature_path: z.string().nullable() }).nullable(),
});
export type Reception = z.infer<typeof receptionSchema>;

/** GET entregas/fichas/:unitId/actividad: the last history records, newest first. */
export const fichaActivitySchema = z.object({
  id: z.number(),
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: instant,
  user: z.object({ id: z.number(), full_name: z.string(), color: z.string().nullable() }).nullable(),
});
export type FichaActivity = z.infer<typeof fichaActivitySchema>;

/** GET entregas/tipos-unidad. */
export const unitTypeSchema = unitTypeBrief.extend({
  surface: z.number().nullable(),
  areas_count: z.number(),
  units_count: z.number(),
});
export type UnitType = z.infer<typeof unitTypeSchema>;
