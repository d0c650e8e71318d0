import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity } from '#domain/audit';
import { companies } from './core.ts';

/** docs/product.md §1 administration: every administrative change, with who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who did it; null for the system (a sweep, an import job). Kept when the user is later deleted. */
    userId: integer('user_id'),
    entityType: text('entity_type').$type<AuditEntity>().notNull(),
    entityId: integer('entity_id'),
    action: text('action').$type<AuditAction>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    index('audit_log_entity_idx').on(t.companyId, t.entityType, t.entityId),
  ],
);
