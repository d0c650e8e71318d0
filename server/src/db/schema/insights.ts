import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { UsageKind } from '#domain/insights';
import { companies, companyId, users } from './core.ts';
import { createdAt, id, ts } from './columns.ts';

/**
 * Usage and internal insights (domain/insights.ts). No raw event is stored: the server counts in memory and adds its
 * counts here every few seconds (one upsert per key), so a year of use is a few rows per user and day, and the
 * screens read sums. Rows older than INSIGHTS_LIMITS.retentionDays are deleted by the retention sweep.
 */

/** Per day, user, project (0: none), module, kind and name: how many times. */
export const usageCounts = pgTable(
  'usage_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull().default(0),
    module: text('module').notNull(),
    kind: text('kind').$type<UsageKind>().notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.userId, t.projectId, t.module, t.kind, t.name] }),
    index('usage_counts_company_module_idx').on(t.companyId, t.module, t.day),
  ],
);

/**
 * Per day, user and project (0: none): that they were active and how much. The active-user and adoption screens
 * read only this, a few rows per user and day where usage_counts holds one per name.
 */
export const usageUserDays = pgTable(
  'usage_user_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull().default(0),
    events: integer('events').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.userId, t.projectId] }),
    index('usage_user_days_user_idx').on(t.companyId, t.userId),
  ],
);

/** Per company and hour: the API's answers, for the provider's health screen. */
export const requestStats = pgTable(
  'request_stats',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    hour: ts('hour').notNull(),
    requests: integer('requests').notNull(),
    serverErrors: integer('server_errors').notNull(),
    clientErrors: integer('client_errors').notNull(),
    slow: integer('slow').notNull(),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull(),
    maxMs: integer('max_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour] }), index('request_stats_hour_idx').on(t.hour)],
);

/** A company data export (dbdump): who asked for it, its link's expiry, and what the download carried. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    /** The exported company. */
    companyId: companyId(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    downloadedAt: ts('downloaded_at'),
    tables: integer('tables'),
    rows: integer('rows'),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_created_idx').on(t.createdAt)],
);
