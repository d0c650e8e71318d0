import { UPLOAD } from './limits.ts';
import type { Permission } from './permissions.ts';

/**
 * Cbox, the company's file library (docs/product.md §1, §2 /cbox, §6 sharing levels): the facts the server, the
 * client and the tests share. Folders form a tree per company; a file sits in one folder (or at the root) and
 * points at its current stored version (a row of `files`). Deleted items wait in the trash, then are purged.
 */

/** Who administers the whole library: every folder and file at every level, the quota. */
export const CBOX_ADMIN = 'biblioteca_administrar' satisfies Permission;

/**
 * docs/product.md §6 sharing levels. Holding a level on a folder holds it on everything below (inherited).
 * They are separate grants, not a ladder: downloading (seeing) comes with any grant, editing (rename, move,
 * upload, delete) and sharing each have to be granted, and a sharer may grant only what they hold.
 */
export const CBOX_LEVELS = ['can-download', 'can-edit', 'can-share'] as const;
export type CboxLevel = (typeof CBOX_LEVELS)[number];
/** What a caller holds on an item: always can-download when they see it at all. */
export type CboxAccess = { levels: CboxLevel[] };
export const FULL_ACCESS: readonly CboxLevel[] = CBOX_LEVELS;

/** Sorted, distinct, with can-download always present (it is what seeing an item means). */
export function normalizeLevels(levels: readonly CboxLevel[]): CboxLevel[] {
  return CBOX_LEVELS.filter((l) => l === 'can-download' || levels.includes(l));
}
export const holdsLevel = (levels: readonly CboxLevel[], wanted: CboxLevel) => levels.includes(wanted);
/** A sharer grants only the levels they hold themselves (docs/product.md §6). */
export const mayGrant = (own: readonly CboxLevel[], granted: readonly CboxLevel[]) =>
  holdsLevel(own, 'can-share') && granted.every((l) => own.includes(l));

/** What a share is given to: one user or every user of a profile. */
export const CBOX_SUBJECTS = ['user', 'profile'] as const;
export type CboxSubjectKind = (typeof CBOX_SUBJECTS)[number];

export const CBOX_ITEM_KINDS = ['folder', 'file'] as const;
export type CboxItemKind = (typeof CBOX_ITEM_KINDS)[number];

/** The explorer's type filter: a category of domain/files.ts, or folders only. */
export const CBOX_TYPE_FILTERS = ['folder', 'document', 'image', 'audio', 'video', 'cad'] as const;
export type CboxTypeFilter = (typeof CBOX_TYPE_FILTERS)[number];

export const CBOX_SORTS = ['name', 'updated_at', 'size', 'type'] as const;
export type CboxSort = (typeof CBOX_SORTS)[number];

/** The per-file activity log (docs/product.md §1 sharing; the issue's "uploaded, viewed, downloaded, shared, moved"). */
export const CBOX_ACTIVITIES = [
  'uploaded',
  'version_added',
  'version_restored',
  'viewed',
  'downloaded',
  'renamed',
  'moved',
  'shared',
  'unshared',
  'link_created',
  'link_revoked',
  'link_opened',
  'deleted',
  'restored',
] as const;
export type CboxActivity = (typeof CBOX_ACTIVITIES)[number];

export const CBOX_LIMITS = {
  /** docs/product.md §5 leaves the folder name's maximum open; 120 characters (docs/decisions.md). */
  folderNameMax: 120,
  /** A file's display name (the stored file keeps its extension). */
  fileNameMax: 200,
  /** docs/product.md §9: library files at most 250 MB. */
  fileMaxBytes: UPLOAD.libraryMaxBytes,
  /** Deleted items can be restored this long, then are purged. */
  trashDays: 30,
  /** Large files go up in parts of this size (S3's minimum part is 5 MiB); the last part may be smaller. */
  partBytes: 8 * 1024 * 1024,
  /** Presigned part URLs asked for at once. */
  partUrlsMax: 50,
  /** An upload session not completed within this time is aborted and its parts removed. */
  uploadSessionHours: 24,
  /** Items one bulk action (move, delete, restore, zip) may name. */
  bulkMax: 500,
  /** Files one zip download may hold, whatever their folders. */
  zipFilesMax: 10_000,
  /** A share link lives at most this long. */
  linkMaxDays: 365,
  linkPasswordMin: 6,
  pageSizeDefault: 100,
  pageSizeMax: 500,
  /** The newest activity entries a file's log shows. */
  activityMax: 200,
  /** Default company quota when none is set (CBOX_QUOTA_BYTES overrides it for the deployment). */
  defaultQuotaBytes: 10 * 1024 * 1024 * 1024,
} as const;

/** What to do when an upload's name already exists in its folder (docs/product.md §5 duplicates). */
export const CBOX_CONFLICT_RESOLUTIONS = ['replace', 'keep_both'] as const;
export type CboxConflictResolution = (typeof CBOX_CONFLICT_RESOLUTIONS)[number];

/**
 * 'Plano.pdf' taken → 'Plano (1).pdf', then 'Plano (2).pdf' … (keep both). A folder's name has no extension
 * ('Obra 2024.01' → 'Obra 2024.01 (1)'); the base is cut so the result stays within `max` characters.
 */
export function keepBothName(
  name: string,
  taken: (candidate: string) => boolean,
  opts: { extension?: boolean; max?: number } = {},
): string {
  const { extension = true, max = CBOX_LIMITS.fileNameMax } = opts;
  const dot = extension ? name.lastIndexOf('.') : -1;
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; ; n += 1) {
    const suffix = ` (${n})${ext}`;
    const candidate = `${base.slice(0, Math.max(1, max - suffix.length)).trimEnd()}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** Names compare without case, as a person reads them ('Plano.PDF' is 'plano.pdf'). */
export const sameName = (a: string, b: string) => a.toLocaleLowerCase('es') === b.toLocaleLowerCase('es');

/** Number of parts a file of `size` bytes is uploaded in. */
export const partCountOf = (size: number) => Math.max(1, Math.ceil(size / CBOX_LIMITS.partBytes));

/** The entity room a folder's live changes go to (joined with the folder's id). */
export const CBOX_FOLDER_ROOM = 'cbox_folder';
/** The entity room of the library's root: its id is the company's (one root per company). */
export const CBOX_ROOT_ROOM = 'cbox_root';
/** Outbox event types of the library (docs/architecture.md §5): one per kind of change, a folder's listing refreshes on any. */
export const CBOX_EVENTS = {
  changed: 'cbox.changed',
} as const;

/** The client's browser-storage key for the explorer's view (docs/product.md §3 session state: grid_mode). */
export const CBOX_GRID_MODE_KEY = 'grid_mode';

/** Where the explorer opens a folder or a file's preview (docs/product.md §2 /cbox/folders/{folderId?}/{fileId?}). */
export const cboxFolderPath = (folderId?: number | null, fileId?: number | null) =>
  `/cbox/folders${folderId ? `/${folderId}` : fileId ? '/0' : ''}${fileId ? `/${fileId}` : ''}`;

/** The drag type of items moved inside the explorer (files dropped from the computer carry 'Files' instead). */
export const CBOX_DRAG_TYPE = 'application/x-cbox-items';
