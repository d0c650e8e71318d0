import { z } from 'zod';
import {
  CBOX_CONFLICT_RESOLUTIONS,
  CBOX_LEVELS,
  CBOX_LIMITS,
  CBOX_SORTS,
  CBOX_SUBJECTS,
  CBOX_TYPE_FILTERS,
} from '../cbox.ts';
import { extensionOf, formatBytes } from '../files.ts';
import { id, idList, isoDate, requiredText } from './common.ts';

/**
 * Requests of the Cbox routes (docs/api.md, Cbox), the same schemas the explorer's forms resolve with. Messages
 * are locale keys; cbox.* are the library's own (docs/product.md §8 upload failures reuse files.errors.*).
 */

/** A folder's name: docs/product.md §5 maximum length, and no path separators (a name is not a path). */
export const folderName = () =>
  requiredText({ max: CBOX_LIMITS.folderNameMax, noDoubleSpaces: true }).refine(
    (v) => !/[\\/]/.test(v) && v !== '.' && v !== '..',
    'cbox.errors.invalid_name',
  );

/** A file's name keeps an extension (docs/product.md §5 "a file needs an extension"). */
export const fileName = () =>
  requiredText({ max: CBOX_LIMITS.fileNameMax, noDoubleSpaces: true })
    .refine((v) => !/[\\/]/.test(v), 'cbox.errors.invalid_name')
    .refine((v) => extensionOf(v) !== '', 'files.errors.no_extension');

/** Optional parent: absent or null is the root. */
const parentId = () => id().nullish();

const bulk = () => idList({ max: CBOX_LIMITS.bulkMax });

/** A selection of the explorer: some folders and some files, at least one item. */
export const cboxSelectionSchema = z
  .object({ folder_ids: bulk(), file_ids: bulk() })
  .refine((s) => s.folder_ids.length + s.file_ids.length > 0, {
    message: 'cbox.errors.empty_selection',
    path: ['file_ids'],
  })
  .refine((s) => s.folder_ids.length + s.file_ids.length <= CBOX_LIMITS.bulkMax, {
    message: 'validation.max_items',
    path: ['file_ids'],
  });
export type CboxSelection = z.output<typeof cboxSelectionSchema>;

/** GET biblioteca/contenido: one folder's children (no folder_id: the root). */
export const cboxListQuerySchema = z.object({
  folder_id: id().optional(),
  sort: z.enum(CBOX_SORTS, { error: 'validation.invalid' }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('asc'),
  type: z.enum(CBOX_TYPE_FILTERS, { error: 'validation.invalid' }).optional(),
  /** Changed on or after / on or before these days. */
  from: isoDate().optional(),
  to: isoDate().optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .min(1)
    .max(CBOX_LIMITS.pageSizeMax)
    .default(CBOX_LIMITS.pageSizeDefault),
});
export type CboxListQuery = z.output<typeof cboxListQuerySchema>;

/** GET biblioteca/buscar: the whole library the caller sees, by name. */
export const cboxSearchQuerySchema = cboxListQuerySchema.omit({ folder_id: true }).extend({
  q: requiredText({ max: 100 }),
});
export type CboxSearchQuery = z.output<typeof cboxSearchQuerySchema>;

/** POST biblioteca/carpetas. */
export const cboxFolderCreateSchema = z.object({ name: folderName(), parent_id: parentId() });
export type CboxFolderCreateInput = z.input<typeof cboxFolderCreateSchema>;
/** PATCH biblioteca/carpetas/{id}. */
export const cboxFolderRenameSchema = z.object({ name: folderName() });
/** PATCH biblioteca/archivos/{id}. */
export const cboxFileRenameSchema = z.object({ name: fileName() });

/** POST biblioteca/mover: the selection into a folder (null: the root). */
export const cboxMoveSchema = cboxSelectionSchema.and(z.object({ target_id: parentId() }));
export type CboxMoveInput = z.input<typeof cboxMoveSchema>;

/** GET biblioteca/zip?folder_ids=1,2&file_ids=3: the selection as one zip. */
export const cboxZipQuerySchema = cboxSelectionSchema;

const levels = z
  .array(z.enum(CBOX_LEVELS, { error: 'validation.invalid' }), { error: 'validation.invalid' })
  .max(CBOX_LEVELS.length, 'validation.max_items');

/** Exactly one of folder_id and file_id: what a share or a link is on. */
const target = {
  folder_id: id().optional(),
  file_id: id().optional(),
};
const oneTarget = (v: { folder_id?: number; file_id?: number }) =>
  (v.folder_id === undefined) !== (v.file_id === undefined);
const oneTargetIssue = { message: 'cbox.errors.target_required', path: ['folder_id'] };

export const cboxTargetQuerySchema = z.object(target).refine(oneTarget, oneTargetIssue);
export type CboxTarget = z.output<typeof cboxTargetQuerySchema>;

/** POST biblioteca/compartir: give a user or a profile levels on a folder or a file. */
export const cboxShareCreateSchema = z
  .object({
    ...target,
    subject_kind: z.enum(CBOX_SUBJECTS, { error: 'validation.invalid' }),
    subject_id: id(),
    levels,
  })
  .refine(oneTarget, oneTargetIssue);
export type CboxShareCreateInput = z.input<typeof cboxShareCreateSchema>;
/** PATCH biblioteca/compartir/{id}. */
export const cboxShareUpdateSchema = z.object({ levels });

/** POST biblioteca/enlaces: a link for people outside the company. */
export const cboxLinkCreateSchema = z
  .object({
    ...target,
    label: z.string().trim().max(80, 'validation.max_length').optional(),
    /** The last day it works (inclusive, in the company's time zone); at most CBOX_LIMITS.linkMaxDays ahead. */
    expires_on: isoDate(),
    password: z
      .string()
      .min(CBOX_LIMITS.linkPasswordMin, 'validation.min_length')
      .max(128, 'validation.max_length')
      .optional(),
  })
  .refine(oneTarget, oneTargetIssue);
export type CboxLinkCreateInput = z.input<typeof cboxLinkCreateSchema>;

/** POST api/v2/public/cbox/{token}/acceso. */
export const cboxLinkUnlockSchema = z.object({ password: z.string().min(1, 'validation.required').max(128) });

/** POST biblioteca/subidas: start (or, with the same fingerprint, resume) an upload into a folder. */
export const cboxUploadCreateSchema = z.object({
  folder_id: parentId(),
  name: fileName(),
  size: z
    .number({ error: 'validation.number' })
    .int('validation.invalid')
    .min(1, 'files.errors.empty')
    // A refinement, so the message carries the limit (docs/product.md §8 "exceeds the maximum size of 250 MB").
    .refine((v) => v <= CBOX_LIMITS.fileMaxBytes, {
      message: 'files.errors.too_large',
      params: { size: formatBytes(CBOX_LIMITS.fileMaxBytes) },
    }),
  content_type: z.string().max(200).optional(),
  /** The browser's lastModified: with name and size it recognises the same file after a reload. */
  last_modified: z.number().int().min(0).optional(),
  /** When the name exists in the folder: a new version of it, or a second file named 'x (1).ext'. */
  on_conflict: z.enum(CBOX_CONFLICT_RESOLUTIONS, { error: 'validation.invalid' }).optional(),
});
export type CboxUploadCreateInput = z.input<typeof cboxUploadCreateSchema>;

/** POST biblioteca/subidas/{id}/partes: presigned URLs for these part numbers. */
export const cboxPartUrlsSchema = z.object({
  parts: z
    .array(z.number().int().min(1).max(10_000), { error: 'validation.invalid' })
    .min(1, 'validation.required')
    .max(CBOX_LIMITS.partUrlsMax, 'validation.max_items'),
});

/** POST biblioteca/subidas/{id}/completar: every part's ETag as the storage answered it. */
export const cboxUploadCompleteSchema = z.object({
  parts: z
    .array(z.object({ number: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }), {
      error: 'validation.invalid',
    })
    .min(1, 'validation.required')
    .max(10_000, 'validation.max_items'),
});

/** POST biblioteca/guardar: keep a copy of a file the caller can read elsewhere (a ticket's photo) in the library. */
export const cboxSaveCopySchema = z.object({ path: z.string().min(1).max(300), folder_id: parentId() });
/** POST biblioteca/archivos/{id}/copia: a fresh upload of a library file, to attach where an uploader wants one. */
export const cboxAttachCopySchema = z.object({ batch: z.string().max(100).optional() });

/** PUT biblioteca/cuota (library administrators): bytes, or null for the deployment's default. */
export const cboxQuotaSchema = z.object({
  quota_bytes: z.number({ error: 'validation.number' }).int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
});
