import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FichaState } from '#machines/ficha';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import type { ModuleStatus } from '#domain/integrations';

/** The tenant of a row (docs/architecture.md: every query is scoped by it). */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  rut: text('rut'),
  country: text('country').notNull().default('CL'),
  isBlocked: boolean('is_blocked').notNull().default(false),
  activeUserLimit: integer('active_user_limit'),
  logoPath: text('logo_path'),
  createdAt: createdAt(),
});

export const projectGroups = pgTable(
  'project_groups',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    activeUserLimit: integer('active_user_limit'),
    createdAt: createdAt(),
  },
  (t) => [index('project_groups_company_idx').on(t.companyId)],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    companyId: companyId(),
    groupId: integer('group_id').references(() => projectGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    code: text('code'),
    address: text('address'),
    commune: text('commune'),
    city: text('city'),
    region: text('region'),
    imagePath: text('image_path'),
    municipalReceptionDate: date('municipal_reception_date'),
    realEstateName: text('real_estate_name'),
    warrantyName: text('warranty_name'),
    activeUserLimit: integer('active_user_limit'),
    isClosed: boolean('is_closed').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('projects_company_idx').on(t.companyId, t.name), index('projects_group_idx').on(t.groupId)],
);

/** The project a row belongs to (deleted with it). */
export const projectId = () =>
  integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

export const towers = pgTable(
  'towers',
  {
    id: id(),
    companyId: companyId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('towers_project_idx').on(t.companyId, t.projectId)],
);

export const floors = pgTable(
  'floors',
  {
    id: id(),
    companyId: companyId(),
    towerId: integer('tower_id')
      .notNull()
      .references(() => towers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('floors_tower_idx').on(t.towerId)],
);

export const unitTypes = pgTable(
  'unit_types',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    surface: numeric('surface', { precision: 7, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [index('unit_types_company_idx').on(t.companyId)],
);

/** A unit (departamento, casa…). The ficha (delivery record) state lives here. docs/product.md §3 Ficha. */
export const units = pgTable(
  'units',
  {
    id: id(),
    companyId: companyId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    towerId: integer('tower_id').references(() => towers.id, { onDelete: 'set null' }),
    floorId: integer('floor_id').references(() => floors.id, { onDelete: 'set null' }),
    unitTypeId: integer('unit_type_id').references(() => unitTypes.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    deliveryState: text('delivery_state').$type<FichaState>().notNull().default('por_entregar'),
    responsibleId: integer('responsible_id'),
    scheduledDeliveryAt: timestamp('scheduled_delivery_at', { withTimezone: true }),
    deliveryDate: date('delivery_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('units_project_idx').on(t.companyId, t.projectId, t.towerId, t.floorId),
    index('units_state_idx').on(t.projectId, t.deliveryState),
    index('units_type_idx').on(t.unitTypeId),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** A disabled position stays on the users who hold it but is not offered for new assignments. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('positions_company_idx').on(t.companyId)],
);

/** Profile / role (docs/product.md §3): groups, permissions, exclusive permissions, modules. */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    groups: jsonb('groups')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    permissions: jsonb('permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    exclusivePermissions: jsonb('exclusive_permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    modules: jsonb('modules')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /** The version an editor read: a save based on an older one is refused (409). */
    updatedAt: updatedAt(),
  },
  (t) => [index('profiles_company_idx').on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').$type<'staff' | 'owner'>().notNull().default('staff'),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    signaturePath: text('signature_path'),
    signatureVerifiedAt: timestamp('signature_verified_at', { withTimezone: true }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale'),
    color: text('color'),
    imagePath: text('image_path'),
    isActive: boolean('is_active').notNull().default(true),
    /** docs/product.md §3 User "projects or all projects": sees every project of the company, today's and later ones. */
    allProjects: boolean('all_projects').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The last successful sign-in; null: never signed in (usage insights list them). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId, t.kind, t.isActive),
    index('users_profile_idx').on(t.profileId),
  ],
);

export const userProjects = pgTable(
  'user_projects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('user_projects_project_idx').on(t.projectId)],
);

/** Owner or receiver of a unit (docs/product.md §3 Owner/receiver). userId links an owner-portal account. */
export const owners = pgTable(
  'owners',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    rut: text('rut'),
    mail: text('mail'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [index('owners_company_idx').on(t.companyId), index('owners_user_idx').on(t.userId)],
);

export const unitOwners = pgTable(
  'unit_owners',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    role: text('role').$type<'propietario' | 'receptor'>().notNull().default('propietario'),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.ownerId] }), index('unit_owners_owner_idx').on(t.ownerId)],
);

/** Sessions store only the SHA-256 of the cookie token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash)],
);

/** Failed-login counters per username and per address, shared by every app instance. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const moduleStatus = pgTable(
  'module_status',
  {
    companyId: companyId(),
    module: text('module').notNull(),
    status: text('status').$type<ModuleStatus>().notNull(),
    /** Who asked the provider for the module and when (integrations/requests); null when never requested. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: ts('requested_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.module] })],
);

/** Tasks for the home's my-tasks panel (docs/product.md §2). */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').notNull().default('general'),
    link: text('link'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tasks_user_idx').on(t.companyId, t.userId, t.dueAt)],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    projectId: integer('project_id'),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    userId: integer('user_id'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('activity_entity_idx').on(t.companyId, t.entityType, t.entityId, t.id)],
);

/** Domain events written in the same transaction as the change (docs/architecture.md §5). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    projectId: integer('project_id'),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_unpublished_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
  ],
);

/** A file sent with a mail, kept whole in the outbox (small text files: an invite.ics). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    companyId: integer('company_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (an invite.ics): name, media type and content (text). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
