import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  CmFieldOption,
  CmFieldType,
  CmFieldValues,
  CmIssueState,
  CmLinkType,
  CmPriority,
  CmTaskState,
  CmTicketState,
} from '#domain/cmanagement';
import { companies, companyId, projectId, users } from './core.ts';
import { createdAt, id, updatedAt } from './columns.ts';

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** docs/product.md §3 Category: tickets are filed under one; a disabled one takes no new tickets and keeps its old. */
export const cmCategories = pgTable(
  'cm_categories',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cm_categories_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * docs/product.md §3 Custom field, per category. Options are the options-list editor's items with a stable id each
 * (answers store the id, so renaming an option keeps them); a saved option is disabled, never removed.
 */
export const cmCustomFields = pgTable(
  'cm_custom_fields',
  {
    id: id(),
    companyId: companyId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => cmCategories.id, { onDelete: 'cascade' }),
    type: text('type').$type<CmFieldType>().notNull(),
    name: text('name').notNull(),
    description: text('description'),
    options: jsonb('options').$type<CmFieldOption[]>().notNull().default([]),
    multiple: boolean('multiple').notNull().default(false),
    required: boolean('required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cm_custom_fields_category_idx').on(t.companyId, t.categoryId, t.position),
    uniqueIndex('cm_custom_fields_name_uq').on(t.categoryId, sql`lower(${t.name})`),
  ],
);

/** config/cmanagement tasks: a category's task plan, copied onto each new ticket of the category. */
export const cmTaskTemplates = pgTable(
  'cm_task_templates',
  {
    id: id(),
    companyId: companyId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => cmCategories.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => cmTaskTemplates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startOffsetDays: integer('start_offset_days').notNull().default(0),
    durationDays: integer('duration_days').notNull().default(1),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('cm_task_templates_category_idx').on(t.companyId, t.categoryId, t.position)],
);

/** Per company, the last ticket number given ("CM-<n>"). */
export const cmCounters = pgTable('cm_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A Cmanagement ticket (docs/product.md §1). Custom field answers are a JSONB map by field id with a GIN index
 * (jsonb_path_ops) for the list's `custom_values @> {...}` filters: tests/bench/cmanagement-tickets.ts measures it
 * beside rows-per-value (docs/decisions.md).
 */
export const cmTickets = pgTable(
  'cm_tickets',
  {
    id: id(),
    companyId: companyId(),
    projectId: projectId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => cmCategories.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    state: text('state').$type<CmTicketState>().notNull().default('abierto'),
    priority: text('priority').$type<CmPriority>().notNull().default('media'),
    startDate: date('start_date'),
    dueDate: date('due_date'),
    blockedReason: text('blocked_reason'),
    customValues: jsonb('custom_values').$type<CmFieldValues>().notNull().default({}),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cm_tickets_number_uq').on(t.companyId, t.number),
    index('cm_tickets_project_state_idx').on(t.companyId, t.projectId, t.state),
    index('cm_tickets_updated_idx').on(t.companyId, t.updatedAt),
    index('cm_tickets_due_idx').on(t.companyId, t.dueDate),
    index('cm_tickets_values_idx').using('gin', sql`${t.customValues} jsonb_path_ops`),
  ],
);

export const CM_TICKET_ROLES = ['assignee', 'watcher'] as const;
export type CmTicketRole = (typeof CM_TICKET_ROLES)[number];

/** Who works a ticket (assignees) and who follows it (watchers). */
export const cmTicketPeople = pgTable(
  'cm_ticket_people',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => cmTickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<CmTicketRole>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId, t.role] }), index('cm_ticket_people_user_idx').on(t.userId)],
);

export const cmComments = pgTable(
  'cm_comments',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => cmTickets.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    body: text('body').notNull(),
    mentions: integer('mentions').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('cm_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** An issue inside a ticket, optionally pinned on a plan of the ticket's project (fractions of the page). */
export const cmIssues = pgTable(
  'cm_issues',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => cmTickets.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    state: text('state').$type<CmIssueState>().notNull().default('abierta'),
    assigneeId: userRef('assignee_id'),
    dueDate: date('due_date'),
    pinPlanId: integer('pin_plan_id'),
    pinPage: integer('pin_page'),
    pinX: doublePrecision('pin_x'),
    pinY: doublePrecision('pin_y'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cm_issues_number_uq').on(t.ticketId, t.number),
    index('cm_issues_ticket_idx').on(t.companyId, t.ticketId, t.state),
  ],
);

/** Tasks and subtasks of a ticket, on the schedule. */
export const cmTasks = pgTable(
  'cm_tasks',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => cmTickets.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => cmTasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    progress: integer('progress').notNull().default(0),
    state: text('state').$type<CmTaskState>().notNull().default('pendiente'),
    assigneeId: userRef('assignee_id'),
    position: integer('position').notNull().default(0),
    /** When the due-soon reminder went out for the current end date (cleared when the end date moves). */
    dueSoonNotifiedAt: date('due_soon_notified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cm_tasks_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('cm_tasks_progress', sql`${t.progress} between 0 and 100`),
    index('cm_tasks_ticket_idx').on(t.companyId, t.ticketId, t.position),
    index('cm_tasks_end_idx').on(t.companyId, t.endDate),
  ],
);

/** Dependencies between tasks (dhtmlx-gantt links), within one company. */
export const cmTaskLinks = pgTable(
  'cm_task_links',
  {
    id: id(),
    companyId: companyId(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => cmTasks.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => cmTasks.id, { onDelete: 'cascade' }),
    type: text('type').$type<CmLinkType>().notNull().default('fs'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cm_task_links_not_self', sql`${t.sourceId} <> ${t.targetId}`),
    uniqueIndex('cm_task_links_uq').on(t.sourceId, t.targetId),
    index('cm_task_links_target_idx').on(t.targetId),
  ],
);
