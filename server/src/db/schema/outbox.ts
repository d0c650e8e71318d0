import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Progress of the outbox's readers (docs/architecture.md §5). A consumer (notifications, webhooks…) keeps the id
 * of the last event it handled; the relay keeps a lease so that, with several app processes, one
 * publishes at a time and events leave in id order.
 */
export const outboxConsumers = pgTable('outbox_consumers', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  leaseHolder: text('lease_holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
