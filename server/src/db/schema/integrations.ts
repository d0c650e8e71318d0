import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './core.ts';

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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Permission flags the app's tokens carry (a subset of its creator's at the time). */
    scope: jsonb('scope').$type<string[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_app_calls_app_idx').on(t.appId, t.at)],
);
