import { z } from 'zod';
import { CBOX_ACTIVITIES, CBOX_LEVELS, CBOX_SUBJECTS } from './cbox.ts';
import { dataOf, instant, pageOf, refSchema } from './responses.ts';

/**
 * What the Cbox routes answer (docs/api.md, Cbox). The server's contract tests parse its real answers with these;
 * the client takes its types from them.
 */
const level = z.enum(CBOX_LEVELS);
const levels = z.array(level);

/** One step of a breadcrumb trail, from the root down. */
export const cboxCrumbSchema = refSchema;
export type CboxCrumb = z.infer<typeof cboxCrumbSchema>;

const itemBase = {
  id: z.number(),
  name: z.string(),
  /** The folder it sits in; null at the root. */
  folder_id: z.number().nullable(),
  /** What the caller holds on it (inherited from above, or granted on it). */
  levels,
  /** Shared with the caller from a folder they do not see (shown at the root, as an alias). */
  shared_with_me: z.boolean(),
  created_by: refSchema.nullable(),
  created_at: instant,
  updated_at: instant,
};

export const cboxFolderItemSchema = z.object({
  ...itemBase,
  kind: z.literal('folder'),
  /** Set for a project's own folder (made per project by default). */
  project: refSchema.nullable(),
  /** Direct children (folders and files) the caller sees. */
  item_count: z.number(),
});
export type CboxFolderItem = z.infer<typeof cboxFolderItemSchema>;

export const cboxFileItemSchema = z.object({
  ...itemBase,
  kind: z.literal('file'),
  extension: z.string(),
  category: z.string(),
  type: z.string(),
  size: z.number(),
  version: z.number(),
  /** The stored bytes of the current version (GET api/v2/public/files/<path>); thumbnails for images. */
  path: z.string(),
  url: z.string(),
  url_thumbnail: z.string().nullable(),
});
export type CboxFileItem = z.infer<typeof cboxFileItemSchema>;

export const cboxItemSchema = z.discriminatedUnion('kind', [cboxFolderItemSchema, cboxFileItemSchema]);
export type CboxItem = z.infer<typeof cboxItemSchema>;

/** GET biblioteca/contenido and biblioteca/buscar: folders first, then files, one page. */
export const cboxListingSchema = pageOf(cboxItemSchema);
export type CboxListing = z.infer<typeof cboxListingSchema>;

/** Search hits carry where they are. */
export const cboxSearchHitSchema = z.object({ item: cboxItemSchema, trail: z.array(cboxCrumbSchema) });
export const cboxSearchSchema = pageOf(cboxSearchHitSchema);
export type CboxSearchHit = z.infer<typeof cboxSearchHitSchema>;

/** GET biblioteca/carpetas/{id}: the folder, the way to it and what the caller may do in it. */
export const cboxFolderDetailSchema = dataOf(
  z.object({ folder: cboxFolderItemSchema, trail: z.array(cboxCrumbSchema) }),
);
export type CboxFolderDetail = z.infer<typeof cboxFolderDetailSchema>['data'];

export const cboxVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  size: z.number(),
  path: z.string(),
  url: z.string(),
  created_by: refSchema.nullable(),
  created_at: instant,
  current: z.boolean(),
});
export type CboxVersion = z.infer<typeof cboxVersionSchema>;

/** GET biblioteca/archivos/{id}: the file with its trail and versions (newest first). */
export const cboxFileDetailSchema = dataOf(
  z.object({ file: cboxFileItemSchema, trail: z.array(cboxCrumbSchema), versions: z.array(cboxVersionSchema) }),
);
export type CboxFileDetail = z.infer<typeof cboxFileDetailSchema>['data'];

export const cboxActivitySchema = z.object({
  id: z.number(),
  action: z.enum(CBOX_ACTIVITIES),
  actor: refSchema.nullable(),
  /** For actions through a share link, the link's label instead of a person. */
  via_link: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
  at: instant,
});
export type CboxActivityEntry = z.infer<typeof cboxActivitySchema>;
export const cboxActivityListSchema = dataOf(z.array(cboxActivitySchema));

export const cboxShareSchema = z.object({
  id: z.number(),
  subject: z.object({ kind: z.enum(CBOX_SUBJECTS), id: z.number(), name: z.string() }),
  levels,
  /** Granted on this item, or on a folder above it (then it can only be changed there). */
  inherited_from: cboxCrumbSchema.nullable(),
  granted_by: refSchema.nullable(),
  created_at: instant,
});
export type CboxShare = z.infer<typeof cboxShareSchema>;
export const cboxShareListSchema = dataOf(z.array(cboxShareSchema));

export const cboxLinkSchema = z.object({
  id: z.number(),
  label: z.string().nullable(),
  has_password: z.boolean(),
  expires_at: instant,
  revoked_at: instant.nullable(),
  created_by: refSchema.nullable(),
  created_at: instant,
  last_opened_at: instant.nullable(),
  open_count: z.number(),
});
export type CboxLink = z.infer<typeof cboxLinkSchema>;
export const cboxLinkListSchema = dataOf(z.array(cboxLinkSchema));
/** POST biblioteca/enlaces: the link's address is shown once (only its hash is kept). */
export const cboxLinkCreatedSchema = dataOf(cboxLinkSchema.extend({ url: z.string() }));

export const cboxTrashItemSchema = z.object({
  kind: z.enum(['folder', 'file']),
  id: z.number(),
  name: z.string(),
  /** Where it was; null when that folder is gone too (it is restored at the root). */
  trail: z.array(cboxCrumbSchema),
  size: z.number(),
  deleted_by: refSchema.nullable(),
  deleted_at: instant,
  purge_at: instant,
});
export type CboxTrashItem = z.infer<typeof cboxTrashItemSchema>;
export const cboxTrashSchema = pageOf(cboxTrashItemSchema);

/** GET biblioteca/resumen: storage used against the quota, and what the caller may do at the root. */
export const cboxSummarySchema = dataOf(
  z.object({
    used_bytes: z.number(),
    quota_bytes: z.number(),
    file_count: z.number(),
    is_admin: z.boolean(),
    can_create_root: z.boolean(),
  }),
);
export type CboxSummary = z.infer<typeof cboxSummarySchema>['data'];

/** POST biblioteca/subidas and GET biblioteca/subidas/{id}: a multipart upload session. */
export const cboxUploadSchema = dataOf(
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number(),
    folder_id: z.number().nullable(),
    part_size: z.number(),
    part_count: z.number(),
    /** Parts the storage already holds (resume from the first one missing). */
    parts_done: z.array(z.object({ number: z.number(), etag: z.string(), size: z.number() })),
    expires_at: instant,
  }),
);
export type CboxUpload = z.infer<typeof cboxUploadSchema>['data'];
/** POST biblioteca/subidas/{id}/partes: where to PUT each part. */
export const cboxPartUrlsSchema = dataOf(
  z.array(z.object({ number: z.number(), url: z.string(), headers: z.record(z.string(), z.string()) })),
);
export type CboxPartUrl = z.infer<typeof cboxPartUrlsSchema>['data'][number];

/** Who a share can be given to (GET biblioteca/destinatarios). */
export const cboxSubjectOptionsSchema = dataOf(z.object({ users: z.array(refSchema), profiles: z.array(refSchema) }));

/** The public side of a share link (GET api/v2/public/cbox/{token}). */
export const cboxPublicLinkSchema = dataOf(
  z.object({
    kind: z.enum(['folder', 'file']),
    name: z.string(),
    company: z.string(),
    expires_at: instant,
    /** The files reachable through the link (a folder's whole subtree, flat with their trail). */
    files: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        trail: z.array(z.string()),
        size: z.number(),
        type: z.string(),
        extension: z.string(),
      }),
    ),
  }),
);
export type CboxPublicLink = z.infer<typeof cboxPublicLinkSchema>['data'];
