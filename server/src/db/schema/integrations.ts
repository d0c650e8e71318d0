import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntegrationKind, IntegrationState } from '#domain/integrations';
import { companyId, users } from './core.ts';
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
