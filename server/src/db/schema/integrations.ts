import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntegrationKind, IntegrationState, SyncedKind, SyncJobState } from '#domain/integrations';
import { companyId, projectId, users } from './core.ts';
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
