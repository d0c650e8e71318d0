import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity } from '#domain/audit';
import type { UserLimitScope } from '#domain/users';
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

/**
 * docs/product.md §6: each time an active-user limit is reached (a create, enable or assignment fills its last place),
 * one row here and one e-mail to the provider (mail_outbox), so the provider can contact the customer about the plan.
 */
export const userLimitReaches = pgTable(
  'user_limit_reaches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<UserLimitScope>().notNull(),
    /** The group's or project's id; null for the company. */
    scopeId: integer('scope_id'),
    limit: integer('limit').notNull(),
    /** The mail_outbox row of the provider's e-mail; null when no provider address is configured. */
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_limit_reaches_company_idx').on(t.companyId, t.createdAt)],
);
