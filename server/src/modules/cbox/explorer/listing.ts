import { sql } from 'drizzle-orm';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxItem, CboxListing, CboxSearchHit } from '#domain/cbox-responses';
import type { CboxListQuery, CboxSearchQuery } from '#domain/schemas/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../http/context.ts';
import { envelope, type ListEnvelope } from '../../../lib/paging.ts';
import { isCboxAdmin, loadFolder } from '../shared/access.ts';
import { childLevels, directLevels, itemKey, itemsOf } from './hydrate.ts';
import { containsPattern, listRefs, type ListedRef, type ListingScope } from './listing-query.ts';
import { trailsOf } from './trails.ts';
import { levelsOfFlags } from './visibility.ts';

/**
 * A project's own folder (docs/product.md §2 /cbox: one per project by default), made when first needed: at the
 * root's listing and the summary. Named as the project; the unique indexes make it idempotent (a root folder that
 * already has the project's name leaves the project without one rather than fail).
 */
export async function ensureProjectFolders(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(sql`
    insert into cbox_folders (company_id, name, project_id)
    select p.company_id, left(p.name, ${CBOX_LIMITS.folderNameMax}), p.id from projects p
     where p.company_id = ${companyId}
       and not exists (select 1 from cbox_folders f where f.company_id = p.company_id and f.project_id = p.id)
    on conflict do nothing`);
}

const withFlags = (refs: ListedRef[]) =>
  refs.map((r) => ({
    kind: r.kind,
    id: r.id,
    levels: levelsOfFlags({ can_edit: r.can_edit ?? false, can_share: r.can_share ?? false }),
    sharedWithMe: r.shared_with_me,
  }));

/** The root: top-level items the caller holds a level on, and what is shared with them from deeper down. */
const ROOT_SCOPE: ListingScope = {
  visibility: true,
  folders: sql`f.id in (select id from folder_grants)
    and (f.parent_id is null or f.parent_id not in (select id from seen_folders))`,
  files: sql`x.id in (select id from file_grants)
    and (x.folder_id is null or x.folder_id not in (select id from seen_folders))`,
  folderAlias: sql`f.parent_id is not null`,
  fileAlias: sql`x.folder_id is not null`,
};

/** A folder's children (its levels are asked of shared/access.ts before). */
export const childrenScope = (folderId: number): ListingScope => ({
  visibility: false,
  folders: sql`f.parent_id = ${folderId}`,
  files: sql`x.folder_id = ${folderId}`,
});

/** Names containing `text` among everything the caller sees. */
export function searchScope(text: string): ListingScope {
  const pattern = containsPattern(text);
  return {
    visibility: true,
    folders: sql`lower(f.name) like lower(${pattern})`,
    files: sql`lower(x.name) like lower(${pattern})`,
    folderAlias: sql`(f.parent_id is not null and f.parent_id not in (select id from seen_folders))`,
    fileAlias: sql`(x.folder_id is not null and x.folder_id not in (select id from seen_folders))`,
  };
}

/** GET biblioteca/contenido: one folder's children (levels: the folder's joined with each child's own), or the root. */
export async function listContents(db: DbOrTx, user: SessionUser, q: CboxListQuery): Promise<CboxListing> {
  if (q.folder_id === undefined) {
    await ensureProjectFolders(db, user.companyId);
    const { refs, total } = await listRefs(db, user, ROOT_SCOPE, q);
    return envelope(await itemsOf(db, user, withFlags(refs)), total, q);
  }
  const { levels } = await loadFolder(db, user, q.folder_id);
  const { refs, total } = await listRefs(db, user, childrenScope(q.folder_id), q);
  const items = await itemsOf(
    db,
    user,
    refs.map((r) => ({ kind: r.kind, id: r.id, levels })),
  );
  return envelope(await withOwnLevels(db, user, items), total, q);
}

/** Joins each child's own grants to the levels it inherits (an administrator already holds them all). */
async function withOwnLevels(db: DbOrTx, user: SessionUser, items: CboxItem[]): Promise<CboxItem[]> {
  if (isCboxAdmin(user) || !items.length) return items;
  const own = await directLevels(
    db,
    user,
    items.map((i) => ({
      kind: i.kind,
      id: i.id,
      createdBy: i.created_by?.id ?? null,
      projectId: i.kind === 'folder' ? (i.project?.id ?? null) : null,
    })),
  );
  return items.map((i) => ({ ...i, levels: childLevels(i.levels, own.get(itemKey(i.kind, i.id))) }));
}

/** GET biblioteca/buscar: names containing the text (any case), across everything the caller sees, with their trail. */
export async function searchItems(
  db: DbOrTx,
  user: SessionUser,
  q: CboxSearchQuery,
): Promise<ListEnvelope<CboxSearchHit>> {
  const { refs, total } = await listRefs(db, user, searchScope(q.q), q);
  const items = await itemsOf(db, user, withFlags(refs));
  const trails = await trailsOf(
    db,
    user,
    items.map((i) => i.folder_id),
  );
  return envelope(
    items.map((item) => ({ item, trail: item.folder_id !== null ? (trails.get(item.folder_id) ?? []) : [] })),
    total,
    q,
  );
}
