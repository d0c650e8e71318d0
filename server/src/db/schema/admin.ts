import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity } from '#domain/audit';
import type { CourseState } from '#domain/courses';
import type { ContractType } from '#domain/workers';
import type { UserLimitScope } from '#domain/users';
import { companies, companyId, positions, users } from './core.ts';
import { createdAt, id, updatedAt } from './columns.ts';

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

/** docs/product.md §2 config trabajadores: a worker and their contract, optionally linked to a user. */
export const workers = pgTable(
  'workers',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** RUT in Chile, 'Documento de identidade' elsewhere (docs/product.md §5). */
    rut: text('rut'),
    contractorCompany: text('contractor_company'),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    contractType: text('contract_type').$type<ContractType>().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    isActive: boolean('is_active').notNull().default(true),
    /** The end date whose notice was sent: a changed end date is noticed again, the same one never twice. */
    endNoticeFor: date('end_notice_for'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workers_company_idx').on(t.companyId, t.lastName), index('workers_end_idx').on(t.isActive, t.endDate)],
);

/** docs/product.md §1 courses: the catalogue (name, description, material file or link). */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description'),
    materialUrl: text('material_url'),
    /** The uploaded material (files module path), read by whoever may see the course. */
    materialPath: text('material_path'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courses_company_idx').on(t.companyId, t.name)],
);

/**
 * docs/product.md §3 Course assignment: created_at, expiry date, completed_at, extension 1 and 2, in the states of
 * machines/course.ts. `expiresAt` is the instant the running deadline ends (the end of its day in the company's
 * zone), the machine's context.
 */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: id(),
    companyId: companyId(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<CourseState>().notNull().default('en_curso'),
    expiryDate: date('expiry_date').notNull(),
    extension1Date: date('extension1_date'),
    extension2Date: date('extension2_date'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The deadline whose reminder was sent: each period is reminded once, even with two instances sweeping. */
    remindedFor: date('reminded_for'),
    /** The home task (docs/product.md §2 tareas) that shows the course to its assignee. */
    taskId: integer('task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_assignments_company_idx').on(t.companyId, t.createdAt),
    index('course_assignments_due_idx').on(t.state, t.expiresAt),
    index('course_assignments_user_idx').on(t.userId),
    uniqueIndex('course_assignments_course_user_uq').on(t.courseId, t.userId),
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
