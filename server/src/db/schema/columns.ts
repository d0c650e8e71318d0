import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every schema file writes the same way, named once. The tenant columns (company_id, project_id) are in
 * core.ts beside the tables they point at.
 */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A nullable moment with its time zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
