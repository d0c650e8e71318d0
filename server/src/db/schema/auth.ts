import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './core.ts';

/**
 * Single-use e-mail verification links (docs/product.md §1 account: e-mail verification). Only the SHA-256
 * of the token is stored; the address is kept so a link stops working once the e-mail changes.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_uq').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);
