import { z } from 'zod';
import {
  BULK_SELECTION_MAX,
  DELIVERY_TEXT_MAX,
  NOTIFICATION_MESSAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  UNIT_TYPE_NAME_MAX,
  UNIT_TYPE_SURFACE_MAX,
  UPLOAD,
} from '../limits.ts';
import {
  dateOrder,
  dateString,
  DB_INT_MAX,
  decimal,
  email,
  embeddingOrigins,
  id,
  idList,
  isoDate as isoDateSchema,
  optionalText,
  requiredText,
  rut,
} from './common.ts';
import { attachmentSchema, FAILURE_OUTCOMES, SEVERITIES, slotDateTime } from './after-sales.ts';

/**
 * Deliveries (entregas) request schemas, shared by the server routes and the client forms.
 * Messages are locale keys (docs/product.md §5), so a 422 and a form speak the user's language.
 */
/**
 * docs/product.md §4 ficha states, the ids machines/ficha.ts declares. Written here because the list query below
 * takes it; the contract (domain/fichas.ts) re-exports it.
 */
export const FICHA_STATES = ['por_entregar', 'entregada', 'entregada_obs'] as const;
export const OWNER_ROLES = ['propietario', 'receptor'] as const;
/** A revision item's outcome is the failure outcome it records (docs/product.md §4 Failure outcomes). */
export const REVISION_OUTCOMES = FAILURE_OUTCOMES;
/** Outcomes that leave a failure pending at the delivery (docs/product.md §4 "delivered with observations"). */
export const PENDING_OUTCOMES = ['falla'] as const;
export const RESPONSE_ACTIONS = ['notificar_responsable', 'notificar_supervisor', 'ninguna'] as const;
export const FICHA_SORTS = [
  'number',
  'tower',
  'floor',
  'unit_type',
  'state',
  'responsible',
  'scheduled_delivery_at',
  'delivery_date',
  'pending_failures',
] as const;
export const READINGS = ['light', 'cold_water', 'hot_water', 'gas', 'heating'] as const;
/** Meter readings: two decimals, as the meters show them. */
export const READING_MAX = 9_999_999_999.99;
export const ACCESSORIES_MAX = 100;
export const PARKINGS_MAX = 20;
export const CATALOGUE_NAME_MAX = 120;
/** An xlsx catalogue upload is at most 5 MB (a whole catalogue is a few hundred kB). */
export const CATALOGUE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type OwnerRole = (typeof OWNER_ROLES)[number];
export type RevisionOutcomeInput = (typeof REVISION_OUTCOMES)[number];

const REQUIRED = { error: 'validation.required' } as const;
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, REQUIRED);
/**
 * docs/product.md §5/§9: delivery form texts at most 250 characters; "no special characters" in the dialog's
 * free texts, where sentences keep their punctuation (a colon, a question mark) and markup stays refused.
 */
const deliveryText = (noSpecialChars: false | 'text' = false) =>
  optionalText({ max: DELIVERY_TEXT_MAX, noSpecialChars });
const csv = <T extends z.ZodTypeAny>(item: T) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
      z.array(item).max(BULK_SELECTION_MAX, 'validation.max_items'),
    )
    .optional();
const isoDate = isoDateSchema();

// ── Unit-type catalogue (docs/product.md §2 Unit type configuration, §3 Unit type, §5) ──

export const unitTypeSchema = z.object({
  name: requiredText({ max: UNIT_TYPE_NAME_MAX }),
  category: requiredText({ max: 50 }),
  surface: decimal({ min: 0, max: UNIT_TYPE_SURFACE_MAX, decimals: 2, required: false }),
});
export const unitTypePatchSchema = unitTypeSchema.partial();

const catalogueName = requiredText({ max: CATALOGUE_NAME_MAX, noDoubleSpaces: true });
const position = z.coerce
  .number()
  .int('validation.invalid')
  .min(0, 'validation.min_value')
  .max(10_000, 'validation.max_value');
export const catalogueNodeSchema = z.object({ name: catalogueName, position: position.optional() });
export const catalogueNodePatchSchema = z.object({
  name: catalogueName.optional(),
  position: position.optional(),
  disabled: z.boolean().optional(),
});
export const catalogueItemSchema = catalogueNodeSchema.extend({ category: requiredText({ max: 50 }) });
export const catalogueItemPatchSchema = catalogueNodePatchSchema.extend({
  category: requiredText({ max: 50 }).optional(),
});
export const failureTypeSchema = catalogueNodeSchema.extend({ severity: oneOf(SEVERITIES) });
export const failureTypePatchSchema = catalogueNodePatchSchema.extend({ severity: oneOf(SEVERITIES).optional() });

// ── Fichas list and bulk scheduling (docs/product.md §2 fichas, §5/§9 at most 50 selected) ──

const fichaListFields = z.object({
  page: z.coerce.number().int().min(1).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sortBy: z.enum(FICHA_SORTS).optional(),
  descending: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
  tower_id: csv(id()),
  floor: csv(
    z.coerce
      .number()
      .int()
      .min(-DB_INT_MAX - 1)
      .max(DB_INT_MAX),
  ),
  unit_type_id: csv(id()),
  state: csv(z.enum(FICHA_STATES)),
  responsible_id: csv(id()),
  scheduled_from: isoDate.optional(),
  scheduled_to: isoDate.optional(),
  delivered_from: isoDate.optional(),
  delivered_to: isoDate.optional(),
  search: z.string().trim().max(50).optional(),
  /** IANA zone of the browser: scheduled days are its days (docs/product.md §9 time zone); else the company's. */
  tz: z.string().max(64).optional(),
});
export const fichaListQuerySchema = fichaListFields
  .superRefine(dateOrder('scheduled_from', 'scheduled_to'))
  .superRefine(dateOrder('delivered_from', 'delivered_to'));
export type FichaListQuery = z.infer<typeof fichaListQuerySchema>;
/** GET fichas across projects: the same filters, over the chosen projects (every project the caller sees when none). */
export const fichasAcrossQuerySchema = fichaListFields
  .extend({ project_id: csv(id()) })
  .superRefine(dateOrder('scheduled_from', 'scheduled_to'))
  .superRefine(dateOrder('delivered_from', 'delivered_to'));

export const scheduleSchema = z.object({
  start_at: slotDateTime,
  responsible_id: id().optional(),
});
export const bulkScheduleSchema = z.object({
  unit_ids: idList({ required: true }),
  start_at: slotDateTime,
  /** Minutes between one unit's appointment and the next (0: all at the same time). */
  interval_minutes: z.coerce
    .number()
    .int('validation.invalid')
    .min(0, 'validation.min_value')
    .max(480, 'validation.max_value')
    .refine((n) => n % 15 === 0, 'after_sales.validation.quarter_hour')
    .default(60),
  responsible_id: id().optional(),
});
export const responsibleSchema = z.object({ responsible_id: id().nullable() });
export const scheduleDecisionSchema = z.object({ reason: deliveryText() });

// ── Ficha tabs ──

/** docs/product.md §3 Owner/receiver: name, last name, mail, phone, role. */
export const ownerSchema = z.object({
  owner_id: id().optional(),
  name: requiredText({ max: 100, noDoubleSpaces: true, noSpecialChars: true }),
  last_name: optionalText({ max: 100, noDoubleSpaces: true, noSpecialChars: true }),
  mail: email({ required: false }),
  phone: optionalText({ max: 30 }),
  rut: rut(),
  role: oneOf(OWNER_ROLES),
});
export const ownerPatchSchema = ownerSchema.omit({ owner_id: true }).partial();

export const revisionSchema = z.object({
  results: z
    .array(
      z
        .object({
          item_id: id(),
          outcome: oneOf(REVISION_OUTCOMES),
          failure_type_id: id().nullish(),
          observation: deliveryText(),
          photos: z.array(attachmentSchema).max(UPLOAD.uploaderDefaultMaxFiles, 'validation.max_items').default([]),
        })
        .refine((r) => r.outcome !== 'falla' || r.failure_type_id, {
          path: ['failure_type_id'],
          message: 'validation.required',
        }),
    )
    .min(1, 'validation.required')
    .max(2000, 'validation.max_items'),
});

const readingField = decimal({ min: 0, max: READING_MAX, decimals: 2, required: false });
export const detailsSchema = z.object({
  parkings: z
    .array(requiredText({ max: DELIVERY_TEXT_MAX, noSpecialChars: true }))
    .max(PARKINGS_MAX, 'validation.max_items')
    .optional(),
  storages: z
    .array(requiredText({ max: DELIVERY_TEXT_MAX, noSpecialChars: true }))
    .max(PARKINGS_MAX, 'validation.max_items')
    .optional(),
  readings: z
    .object({
      light: readingField,
      cold_water: readingField,
      hot_water: readingField,
      gas: readingField,
      heating: readingField,
    })
    .partial()
    .optional(),
  observations: deliveryText(),
});

export const accessoriesSchema = z.object({
  accessories: z
    .array(
      z.object({
        name: requiredText({ max: DELIVERY_TEXT_MAX, noDoubleSpaces: true }),
        delivered: z.boolean().default(false),
        quantity: z.coerce
          .number(REQUIRED)
          .int('validation.invalid')
          .min(0, 'validation.min_value')
          .max(999, 'validation.max_value'),
      }),
    )
    .max(ACCESSORIES_MAX, 'validation.max_items'),
});

const storagePath = z.string(REQUIRED).trim().min(1, 'validation.required').max(200, 'validation.max_length');
/** docs/product.md §5: certificates are PDF only, at most 100 per unit (the count is checked against what is stored). */
export const certificatesSchema = z.object({
  paths: z.array(storagePath).min(1, 'validation.required').max(UPLOAD.certificateMaxFiles, 'validation.max_items'),
});

/**
 * docs/product.md §5 delivery dialog: the delivery date is required; the owner role needs at least one option
 * (who received the unit, as owner or receiver); texts at most 250 characters without special
 * characters; the owner's signature is an image captured in the dialog and uploaded first.
 */
export const deliverSchema = z.object({
  delivery_date: dateString(),
  attendees: z
    .array(z.object({ owner_id: id(), role: oneOf(OWNER_ROLES) }), REQUIRED)
    .min(1, 'validation.required')
    .max(BULK_SELECTION_MAX, 'validation.max_items'),
  receiver_comment: deliveryText('text'),
  observations: deliveryText('text'),
  owner_signature_path: storagePath.nullish(),
  representative_signs: z.boolean().default(true),
});
export type DeliverInput = z.input<typeof deliverSchema>;

// ── Project configuration (docs/product.md §2 config propietarios, §3 Project configuration) ──

const contactSchema = z.object({
  name: requiredText({ max: 200 }),
  role: optionalText({ max: 100 }),
  email: email({ required: false }),
  phone: optionalText({ max: 50 }),
});
export const generalConfigSchema = z.object({
  municipal_reception_date: dateString({ required: false }),
  real_estate_name: optionalText({ max: 200, noDoubleSpaces: true }),
  real_estate_id_number: rut(),
  legal_representative: optionalText({ max: 200, noDoubleSpaces: true }),
  legal_representative_id_number: rut(),
  tax_ids: z
    .array(rut({ required: true }))
    .max(10, 'validation.max_items')
    .optional(),
  contacts: z.array(contactSchema).max(20, 'validation.max_items').optional(),
  response_time_hours: z.coerce
    .number(REQUIRED)
    .int('validation.invalid')
    .min(1, 'validation.min_value')
    .max(24 * 60, 'validation.max_value')
    .optional(),
  response_action: oneOf(RESPONSE_ACTIONS).optional(),
  notification_message: optionalText({ max: NOTIFICATION_MESSAGE_MAX }),
  owner_confirmation_limit_hours: z.coerce
    .number(REQUIRED)
    .int('validation.invalid')
    .min(0, 'validation.min_value')
    .max(24 * 30, 'validation.max_value')
    .optional(),
  /** Accessories every ficha of the project starts with. */
  accessories: z
    .array(requiredText({ max: DELIVERY_TEXT_MAX, noDoubleSpaces: true }))
    .max(ACCESSORIES_MAX, 'validation.max_items')
    .optional(),
});
export type GeneralConfigInput = z.input<typeof generalConfigSchema>;
/** global: the same general values written to several projects at once (at most 50, docs/product.md §9). */
export const globalConfigSchema = generalConfigSchema.omit({ municipal_reception_date: true }).extend({
  project_ids: idList({ required: true }),
});
export const logoConfigSchema = z.object({ logo_path: storagePath.nullable() });
export const planSchema = z.object({
  unit_type_id: id(),
  paths: z.array(storagePath).min(1, 'validation.required').max(20, 'validation.max_items'),
});
/** Origins allowed to frame the owner portal (frame-ancestors): https, host and port, no path. */
export const iframeConfigSchema = z.object({
  enabled: z.boolean(REQUIRED),
  allowed_origins: embeddingOrigins(),
});

// ── Agenda and feeds ──

export const agendaQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    project_id: csv(id()),
    responsible_id: csv(id()),
    tz: z.string().max(64).optional(),
  })
  .superRefine(dateOrder('from', 'to'));
export const feedQuerySchema = z.object({ project_id: csv(id()), tz: z.string().max(64).optional() });
