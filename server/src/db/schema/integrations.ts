import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { IntegrationKind, IntegrationState, SyncedKind, SyncJobState } from '#domain/integrations';
import { sql } from 'drizzle-orm';
import type { WebhookDisabledReason, WebhookEventState } from '#machines/webhook-event';
import type { WebhookAttemptStatus, WebhookDeliveryStatus } from '#domain/webhooks';
import { companies, companyId, projectId, users } from './core.ts';
import { failures } from './after-sales.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

/**
 * A company's connection to another service (docs/product.md §1 CRM, construction platform, scheduling tool; §3 CRM
 * integration): its lifecycle (machines/integration.ts), the settings anyone with config_integraciones may read, and
 * the secrets (access tokens, client secrets) sealed with server/src/lib/secret-box.ts, never sent to a browser.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').$type<IntegrationKind>().notNull(),
    state: text('state').$type<IntegrationState>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Sealed JSON object of the secret fields (field → value). */
    secrets: text('secrets'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: ts('requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integrations_company_kind_uq').on(t.companyId, t.kind),
    index('integrations_kind_idx').on(t.kind, t.state),
  ],
);

/**
 * The calls owed to a CRM or construction platform (server/src/modules/integrations/sync): made from outbox events,
 * retried with domain/retries.ts's backoff, idempotent by (kind, dedupe_key) so an event handled twice asks once.
 */
export const integrationJobs = pgTable(
  'integration_jobs',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').$type<SyncedKind>().notNull(),
    action: text('action').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<SyncJobState>().notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_jobs_dedupe_uq').on(t.kind, t.dedupeKey),
    index('integration_jobs_due_idx').on(t.kind, t.state, t.nextAttemptAt),
    index('integration_jobs_company_idx').on(t.companyId, t.kind, t.createdAt),
  ],
);

/** One attempt of a sync job as the integration's log shows it (docs/product.md §9: at most 100 lines shown). */
export const integrationLogs = pgTable(
  'integration_logs',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').$type<SyncedKind>().notNull(),
    jobId: integer('job_id').references(() => integrationJobs.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    attempt: integer('attempt').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    /** The answer, only when it is valid JSON of at most 50 KB (domain/retries.ts storableJson). */
    response: jsonb('response'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('integration_logs_company_idx').on(t.companyId, t.kind, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// Sub-feature api-apps (server/src/modules/integrations/api-apps): API apps, their access tokens and call log.
// ---------------------------------------------------------------------------------------------------------------

/**
 * An external system's credentials (docs/product.md §2 config integraciones apps). The client secret is stored
 * only as its SHA-256: it is 256 random bits, so a fast hash loses nothing to guessing (docs/api.md "Public API").
 */
export const apiApps = pgTable(
  'api_apps',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Permission flags the app's tokens carry (a subset of its creator's at the time). */
    scope: jsonb('scope').$type<string[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    secretRotatedAt: ts('secret_rotated_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_apps_client_id_key').on(t.clientId), index('api_apps_company_idx').on(t.companyId)],
);

/** A bearer token of the public API: only its SHA-256 is kept; rotate and revoke delete the app's tokens. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_app_idx').on(t.appId, t.expiresAt)],
);

/** Every public API call that identified an app, 401 and 429 included; pruned after 30 days. */
export const apiAppCalls = pgTable(
  'api_app_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apiApps.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('api_app_calls_app_idx').on(t.appId, t.at)],
);

// ── webhooks (docs/product.md §2 config/integraciones/webhooks, §3 Webhook application and Webhook log) ──

/** Whether the company's webhooks are on; while off nothing is queued nor delivered. */
export const webhookSettings = pgTable('webhook_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A receiver of the company's events, with its signing secret sealed (lib/secret-box.ts). */
export const webhookApplications = pgTable(
  'webhook_applications',
  {
    id: id(),
    companyId: companyId(),
    /** The API app these hooks belong to (config/integraciones/apps/{appId}/hooks); null: the company's own. */
    apiAppId: integer('api_app_id').references(() => apiApps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** Last 4 characters of the secret, shown so an administrator can tell secrets apart. */
    secretHint: text('secret_hint').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_applications_company_idx').on(t.companyId, t.apiAppId)],
);

/** One event an application subscribes to, with its URL and the webhook-event machine's state. */
export const webhookHooks = pgTable(
  'webhook_hooks',
  {
    id: id(),
    companyId: companyId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => webhookApplications.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    url: text('url').notNull(),
    state: text('state').$type<WebhookEventState>().notNull().default('activo'),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    dateTime: ts('date_time').notNull().defaultNow(),
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
// ─── Calendar feeds (server/src/modules/integrations/calendar) ───────────────────────────────────────────────────

/**
 * A staff user's secret iCalendar subscription (docs/api.md "Calendar feeds"): one per user, the token only as its
 * SHA-256 for look-up and sealed for its owner's page (the URL is the secret: rotated at will, revoked by an admin
 * by deleting the row).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the URL's token: how a calendar's request finds its feed. */
    tokenHash: text('token_hash').notNull(),
    /** The token sealed (server/src/lib/secret-box.ts), so its owner can read their URL again. */
    tokenSealed: text('token_sealed').notNull(),
    createdAt: createdAt(),
    rotatedAt: ts('rotated_at'),
    lastFetchedAt: ts('last_fetched_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_uq').on(t.userId),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    index('calendar_feeds_company_idx').on(t.companyId),
  ],
);

// ── HubSpot (server/src/modules/integrations/hubspot) ──────────────────────────────────────────────────────────────

/**
 * Which HubSpot object stands for one of ours (a ticket → a HubSpot ticket, an owner → a contact), so a later event
 * moves the same object instead of creating another (docs/product.md §1 CRM).
 */
export const hubspotLinks = pgTable(
  'hubspot_links',
  {
    id: id(),
    companyId: companyId(),
    entityType: text('entity_type').$type<'ticket' | 'owner'>().notNull(),
    entityId: integer('entity_id').notNull(),
    hubspotId: text('hubspot_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('hubspot_links_entity_uq').on(t.companyId, t.entityType, t.entityId)],
);

// ── Procore (server/src/modules/integrations/procore) ─────────────────────────────────────────────────────────────

/** Which Procore project a company's project sends its failures to (docs/product.md §2 config/integraciones/procore). */
export const procoreProjectLinks = pgTable(
  'procore_project_links',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    procoreProjectId: text('procore_project_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('procore_project_links_project_uq').on(t.companyId, t.projectId)],
);

/**
 * A failure sent to Procore as an observation: the observation's id, the Procore project it lives in, and the
 * status Procore last reported (the status poll reads and writes it). One observation per failure.
 */
export const procoreLinks = pgTable(
  'procore_links',
  {
    id: id(),
    companyId: companyId(),
    failureId: integer('failure_id')
      .notNull()
      .references(() => failures.id, { onDelete: 'cascade' }),
    procoreProjectId: text('procore_project_id').notNull(),
    procoreObservationId: text('procore_observation_id').notNull(),
    remoteStatus: text('remote_status'),
    syncedAt: ts('synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('procore_links_failure_uq').on(t.companyId, t.failureId),
    index('procore_links_poll_idx').on(t.companyId, t.syncedAt),
  ],
);
