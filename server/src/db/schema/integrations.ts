import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WebhookDisabledReason, WebhookEventState } from '#machines/webhook-event';
import type { WebhookAttemptStatus, WebhookDeliveryStatus } from '#domain/webhooks';
import { companies } from './core.ts';

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true });

// ── webhooks (docs/product.md §2 config/integraciones/webhooks, §3 Webhook application and Webhook log) ──

/** Whether the company's webhooks are on; while off nothing is queued nor delivered. */
export const webhookSettings = pgTable('webhook_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A receiver of the company's events, with its signing secret sealed (lib/secret-box.ts). */
export const webhookApplications = pgTable(
  'webhook_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** The API app whose "hooks" page shows this application (api_apps; its foreign key comes with that table). */
    apiAppId: integer('api_app_id'),
    name: text('name').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** Last 4 characters of the secret, shown so an administrator can tell secrets apart. */
    secretHint: text('secret_hint').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_applications_company_idx').on(t.companyId, t.apiAppId)],
);

/** One event an application subscribes to, with its URL and the webhook-event machine's state. */
export const webhookHooks = pgTable(
  'webhook_hooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => webhookApplications.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    url: text('url').notNull(),
    state: text('state').$type<WebhookEventState>().notNull().default('activo'),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_hooks_application_event_uq').on(t.applicationId, t.event),
    index('webhook_hooks_company_event_idx').on(t.companyId, t.event),
  ],
);

/** One event to deliver to one hook; unique per (hook, message id) so a re-read outbox event is queued once. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => webhookApplications.id, { onDelete: 'cascade' }),
    hookId: integer('hook_id')
      .notNull()
      .references(() => webhookHooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** `msg_<outbox id>`: the webhook-id header, the same on every attempt and replay. */
    messageId: text('message_id').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A replay allows one attempt more than those made; a failed replay does not disable the hook. */
    maxAttempts: integer('max_attempts').notNull(),
    isReplay: boolean('is_replay').notNull().default(false),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pendiente'),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_hook_message_uq').on(t.hookId, t.messageId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pendiente'`),
  ],
);

/** docs/product.md §3 Webhook log: one row per attempt. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => webhookApplications.id, { onDelete: 'cascade' }),
    deliveryId: bigint('delivery_id', { mode: 'number' }).references(() => webhookDeliveries.id, {
      onDelete: 'cascade',
    }),
    module: text('module').notNull(),
    event: text('event').notNull(),
    url: text('url').notNull(),
    messageId: text('message_id').notNull(),
    attempt: integer('attempt').notNull(),
    dateTime: at('date_time').notNull().defaultNow(),
    signature: text('signature').notNull(),
    content: text('content').notNull(),
    /** The receiver's answer, kept only when it is valid JSON of at most 50 KB (docs/product.md §5). */
    response: text('response'),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    status: text('status').$type<WebhookAttemptStatus>().notNull(),
  },
  (t) => [index('webhook_logs_company_time_idx').on(t.companyId, t.dateTime)],
);
