import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { CboxActivity, CboxConflictResolution, CboxSubjectKind } from '#domain/cbox';
import { companies, companyId, profiles, projects, users } from './core.ts';
import { files } from './files.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/**
 * Cbox folders (docs/product.md §3 Cbox folder and file): a tree per company, parent null at the root. A
 * project's own folder carries its project_id (one per project). Deleting puts the folder and everything under it
 * in the trash: deleted_at is set on each, and trash_root on the one the person deleted, which is what the trash
 * lists and restores with its subtree.
 */
export const cboxFolders = pgTable(
  'cbox_folders',
  {
    id: id(),
    companyId: companyId(),
    parentId: integer('parent_id').references((): AnyPgColumn => cboxFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
    deletedBy: userRef('deleted_by'),
    trashRoot: boolean('trash_root').notNull().default(false),
  },
  (t) => [
    index('cbox_folders_parent_idx').on(t.companyId, t.parentId),
    uniqueIndex('cbox_folders_name_uq')
      .on(t.companyId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('cbox_folders_project_uq').on(t.companyId, t.projectId),
    index('cbox_folders_trash_idx').on(t.companyId, t.deletedAt),
  ],
);

/**
 * A library file: its place and name, and its current version (a row of `files`, attached to it as entity
 * 'cbox_file', so GET api/v2/public/files/<path> asks Cbox who may read it). Size, type and category are the
 * current version's, kept here for sorting and filtering.
 */
export const cboxFiles = pgTable(
  'cbox_files',
  {
    id: id(),
    companyId: companyId(),
    folderId: integer('folder_id').references(() => cboxFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull(),
    extension: text('extension').notNull(),
    category: text('category').notNull(),
    mime: text('mime').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
    deletedBy: userRef('deleted_by'),
    trashRoot: boolean('trash_root').notNull().default(false),
  },
  (t) => [
    index('cbox_files_folder_idx').on(t.companyId, t.folderId),
    uniqueIndex('cbox_files_name_uq')
      .on(t.companyId, sql`coalesce(${t.folderId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('cbox_files_trash_idx').on(t.companyId, t.deletedAt),
    index('cbox_files_lower_name_idx').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** Every version of a library file, the current one included (replace keeps the previous in this history). */
export const cboxVersions = pgTable(
  'cbox_versions',
  {
    id: id(),
    companyId: companyId(),
    cboxFileId: integer('cbox_file_id')
      .notNull()
      .references(() => cboxFiles.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cbox_versions_uq').on(t.cboxFileId, t.version)],
);

/**
 * docs/product.md §6 sharing: levels on a folder (inherited by everything below) or on a file, given to one user
 * or to a profile. can-download is implied by any share; can_edit and can_share are granted separately.
 */
export const cboxShares = pgTable(
  'cbox_shares',
  {
    id: id(),
    companyId: companyId(),
    folderId: integer('folder_id').references(() => cboxFolders.id, { onDelete: 'cascade' }),
    cboxFileId: integer('cbox_file_id').references(() => cboxFiles.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind').$type<CboxSubjectKind>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    canEdit: boolean('can_edit').notNull().default(false),
    canShare: boolean('can_share').notNull().default(false),
    grantedBy: userRef('granted_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cbox_shares_one_target', sql`(${t.folderId} is null) <> (${t.cboxFileId} is null)`),
    check('cbox_shares_one_subject', sql`(${t.userId} is null) <> (${t.profileId} is null)`),
    uniqueIndex('cbox_shares_uq').on(
      sql`coalesce(${t.folderId}, 0)`,
      sql`coalesce(${t.cboxFileId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.profileId}, 0)`,
    ),
    index('cbox_shares_user_idx').on(t.companyId, t.userId),
    index('cbox_shares_profile_idx').on(t.companyId, t.profileId),
  ],
);

/** Share links for people outside the company: signed token (only its SHA-256 kept), expiry, optional password. */
export const cboxLinks = pgTable(
  'cbox_links',
  {
    id: id(),
    companyId: companyId(),
    folderId: integer('folder_id').references(() => cboxFolders.id, { onDelete: 'cascade' }),
    cboxFileId: integer('cbox_file_id').references(() => cboxFiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    /** argon2id, like account passwords. */
    passwordHash: text('password_hash'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    lastOpenedAt: ts('last_opened_at'),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [
    check('cbox_links_one_target', sql`(${t.folderId} is null) <> (${t.cboxFileId} is null)`),
    uniqueIndex('cbox_links_token_uq').on(t.tokenHash),
    index('cbox_links_target_idx').on(t.companyId, t.folderId, t.cboxFileId),
  ],
);

/** Who did what to a library file (or folder), newest first in its log. */
export const cboxActivity = pgTable(
  'cbox_activity',
  {
    id: id(),
    companyId: companyId(),
    cboxFileId: integer('cbox_file_id').references(() => cboxFiles.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => cboxFolders.id, { onDelete: 'cascade' }),
    action: text('action').$type<CboxActivity>().notNull(),
    actorId: userRef('actor_id'),
    linkId: integer('link_id').references(() => cboxLinks.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (t) => [
    index('cbox_activity_file_idx').on(t.cboxFileId, t.at),
    index('cbox_activity_folder_idx').on(t.folderId, t.at),
  ],
);

/**
 * A multipart upload in progress (large files go up in parts, and an interrupted one resumes): where the bytes go
 * (`path`, the files row made pending for it) and the storage's own upload id. Parts the local backend received
 * are in cbox_upload_parts; on S3 the bucket lists them.
 */
export const cboxUploads = pgTable(
  'cbox_uploads',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => cboxFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    lastModified: bigint('last_modified', { mode: 'number' }),
    onConflict: text('on_conflict').$type<CboxConflictResolution>(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    storageUploadId: text('storage_upload_id').notNull(),
    partSize: integer('part_size').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('cbox_uploads_user_idx').on(t.companyId, t.userId), index('cbox_uploads_expiry_idx').on(t.expiresAt)],
);

export const cboxUploadParts = pgTable(
  'cbox_upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => cboxUploads.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    etag: text('etag').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.number] })],
);

/** A company's library settings: its storage quota (null: the deployment's default). */
export const cboxSettings = pgTable('cbox_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }),
  updatedAt: updatedAt(),
});
