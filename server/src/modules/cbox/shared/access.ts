import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { CBOX_ADMIN, FULL_ACCESS, holdsLevel, normalizeLevels, type CboxLevel } from '#domain/cbox';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders, cboxShares } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';

/**
 * Who may do what in the library (docs/product.md §6 sharing levels), the one place every Cbox route asks. A caller
 * holds levels on an item from:
 * - being a library administrator (biblioteca_administrar): every level everywhere;
 * - having created it, or a folder above it: every level (it is theirs to share);
 * - a project's own folder, for the project's members: can-download and can-edit;
 * - shares to them or to their profile, on it or on a folder above it.
 * Grants on a folder are inherited by everything below. Nothing held means the item does not exist for them (404);
 * seeing an item without the level an action needs is a 403.
 */
export type Folder = typeof cboxFolders.$inferSelect;
export type CboxFileRow = typeof cboxFiles.$inferSelect;

export const isCboxAdmin = (user: SessionUser) => can(user.permissions, CBOX_ADMIN);

/** One node of a folder's ancestry, the folder itself first. */
type ChainNode = {
  id: number;
  parentId: number | null;
  name: string;
  createdBy: number | null;
  projectId: number | null;
};

/** The folder and every folder above it (the folder first, the root-most last), live ones only. */
export async function folderChain(db: DbOrTx, companyId: number, folderId: number): Promise<ChainNode[]> {
  type Row = {
    id: number;
    parent_id: number | null;
    name: string;
    created_by: number | null;
    project_id: number | null;
  };
  const result = await db.execute(sql`
    with recursive chain as (
      select id, parent_id, name, created_by, project_id, 0 as depth
        from cbox_folders where id = ${folderId} and company_id = ${companyId} and deleted_at is null
      union all
      select f.id, f.parent_id, f.name, f.created_by, f.project_id, c.depth + 1
        from cbox_folders f join chain c on f.id = c.parent_id
       where f.deleted_at is null and c.depth < 200
    )
    select * from chain order by depth`);
  return rowsOf<Row>(result).map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    projectId: r.project_id === null ? null : Number(r.project_id),
  }));
}

/** Whether a chain reaches the root (a folder whose parent is gone to the trash is not reachable). */
const reachesRoot = (chain: ChainNode[]) => chain.length > 0 && chain[chain.length - 1].parentId === null;

/** Shares given to the caller or to their profile on these folders and/or files. */
export function sharesToCaller(user: SessionUser): SQL {
  return or(
    eq(cboxShares.userId, user.id),
    user.profileId !== null ? eq(cboxShares.profileId, user.profileId) : sql`false`,
  )!;
}

export const levelsOfShare = (s: { canEdit: boolean; canShare: boolean }): CboxLevel[] => [
  'can-download',
  ...(s.canEdit ? (['can-edit'] as const) : []),
  ...(s.canShare ? (['can-share'] as const) : []),
];

/** Levels a node grants the caller by itself (creator, project membership), before shares. */
export function ownLevels(
  user: SessionUser,
  node: { createdBy: number | null; projectId?: number | null },
): CboxLevel[] {
  if (node.createdBy === user.id) return [...FULL_ACCESS];
  if (node.projectId != null && user.projectIds.includes(node.projectId)) return ['can-download', 'can-edit'];
  return [];
}

async function shareLevels(
  db: DbOrTx,
  user: SessionUser,
  target: { folderIds: number[]; fileId?: number },
): Promise<CboxLevel[]> {
  const on = [
    ...(target.folderIds.length ? [inArray(cboxShares.folderId, target.folderIds)] : []),
    ...(target.fileId !== undefined ? [eq(cboxShares.cboxFileId, target.fileId)] : []),
  ];
  if (!on.length) return [];
  const rows = await db
    .select({ canEdit: cboxShares.canEdit, canShare: cboxShares.canShare })
    .from(cboxShares)
    .where(and(eq(cboxShares.companyId, user.companyId), or(...on), sharesToCaller(user)));
  return rows.flatMap(levelsOfShare);
}

/** The caller's levels on a folder given its chain; [] when they hold nothing. */
export async function levelsOnChain(db: DbOrTx, user: SessionUser, chain: ChainNode[]): Promise<CboxLevel[]> {
  if (!reachesRoot(chain)) return [];
  if (isCboxAdmin(user)) return [...FULL_ACCESS];
  const own = chain.flatMap((node) => ownLevels(user, node));
  const shared = await shareLevels(db, user, { folderIds: chain.map((n) => n.id) });
  const all = [...own, ...shared];
  return all.length ? normalizeLevels(all) : [];
}

/** Levels on a file: its folder's (inherited), its creator's, and shares on the file itself. */
export async function levelsOnFile(db: DbOrTx, user: SessionUser, file: CboxFileRow): Promise<CboxLevel[]> {
  const chain = file.folderId !== null ? await folderChain(db, user.companyId, file.folderId) : [];
  if (file.folderId !== null && !reachesRoot(chain)) return [];
  if (isCboxAdmin(user)) return [...FULL_ACCESS];
  const own = [...ownLevels(user, file), ...chain.flatMap((node) => ownLevels(user, node))];
  const shared = await shareLevels(db, user, { folderIds: chain.map((n) => n.id), fileId: file.id });
  const all = [...own, ...shared];
  return all.length ? normalizeLevels(all) : [];
}

function requireLevel(levels: CboxLevel[], needed: CboxLevel | undefined) {
  if (!levels.length) throw notFound();
  if (needed && !holdsLevel(levels, needed)) throw forbidden();
}

/**
 * A live folder of the caller's company they hold `needed` on (any level when omitted), with its chain and their
 * levels; 404 when they see nothing of it, 403 when they see it without the level.
 */
export async function loadFolder(
  db: DbOrTx,
  user: SessionUser,
  folderId: number,
  needed?: CboxLevel,
): Promise<{ folder: Folder; chain: ChainNode[]; levels: CboxLevel[] }> {
  const [folder] = await db
    .select()
    .from(cboxFolders)
    .where(and(eq(cboxFolders.id, folderId), eq(cboxFolders.companyId, user.companyId), isNull(cboxFolders.deletedAt)));
  if (!folder) throw notFound();
  const chain = await folderChain(db, user.companyId, folderId);
  const levels = await levelsOnChain(db, user, chain);
  requireLevel(levels, needed);
  return { folder, chain, levels };
}

/** A live library file the caller holds `needed` on; 404 / 403 as loadFolder. */
export async function loadFile(
  db: DbOrTx,
  user: SessionUser,
  fileId: number,
  needed?: CboxLevel,
): Promise<{ file: CboxFileRow; levels: CboxLevel[] }> {
  const [file] = await db
    .select()
    .from(cboxFiles)
    .where(and(eq(cboxFiles.id, fileId), eq(cboxFiles.companyId, user.companyId), isNull(cboxFiles.deletedAt)));
  if (!file) throw notFound();
  const levels = await levelsOnFile(db, user, file);
  requireLevel(levels, needed);
  return { file, levels };
}

/**
 * Where new items may go: a folder the caller may edit, or the root, where anyone with the module may create a
 * folder of their own (docs/decisions.md, Cbox) and only administrators may put files.
 */
export async function assertCanAddTo(
  db: DbOrTx,
  user: SessionUser,
  folderId: number | null | undefined,
  kind: 'folder' | 'file',
): Promise<void> {
  if (folderId == null) {
    if (kind === 'file' && !isCboxAdmin(user)) throw forbidden();
    return;
  }
  await loadFolder(db, user, folderId, 'can-edit');
}
