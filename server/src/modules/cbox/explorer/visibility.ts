import { sql, type SQL } from 'drizzle-orm';
import { normalizeLevels, type CboxLevel } from '#domain/cbox';
import type { SessionUser } from '../../../http/context.ts';
import { isCboxAdmin } from '../shared/access.ts';

/**
 * What a caller sees of the whole library, as one recursive SQL query (the set shared/access.ts decides item by item):
 * grant roots (folders they created, their projects' folders, folders and files shared to them or their profile,
 * files they created), then every live folder below a granted one, with the edit and share levels carried down.
 * Administrators see every live item with every level.
 *
 * The CTEs it defines, for the query that follows:
 * - folder_grants(id, can_edit, can_share) / file_grants(…): items granted directly (root listing, aliases);
 * - seen_folders(id, can_edit, can_share) / seen_files(…): every item seen, with the levels held on it.
 */
export function visibilityCtes(user: SessionUser): SQL {
  const c = user.companyId;
  if (isCboxAdmin(user))
    return sql`
      folder_grants as (select id, true as can_edit, true as can_share from cbox_folders where company_id = ${c} and deleted_at is null),
      seen_folders as (select * from folder_grants),
      file_grants as (select id, true as can_edit, true as can_share from cbox_files where company_id = ${c} and deleted_at is null),
      seen_files as (select * from file_grants)`;
  const toCaller = sharedToCaller(user);
  return sql`
    folder_grants as (
      select f.id, true as can_edit, true as can_share from cbox_folders f
       where f.company_id = ${c} and f.deleted_at is null and f.created_by = ${user.id}
      union all
      select f.id, true, false from cbox_folders f
       where f.company_id = ${c} and f.deleted_at is null and ${inIds(sql`f.project_id`, user.projectIds)}
      union all
      select s.folder_id, s.can_edit, s.can_share from cbox_shares s
        join cbox_folders f on f.id = s.folder_id and f.deleted_at is null
       where s.company_id = ${c} and ${toCaller}
    ),
    reach(id, can_edit, can_share) as (
      select id, can_edit, can_share from folder_grants
      union
      select f.id, r.can_edit, r.can_share from cbox_folders f join reach r on f.parent_id = r.id
       where f.deleted_at is null
    ),
    seen_folders as (select id, bool_or(can_edit) as can_edit, bool_or(can_share) as can_share from reach group by id),
    file_grants as (
      select x.id, true as can_edit, true as can_share from cbox_files x
       where x.company_id = ${c} and x.deleted_at is null and x.created_by = ${user.id}
      union all
      select s.cbox_file_id, s.can_edit, s.can_share from cbox_shares s
        join cbox_files x on x.id = s.cbox_file_id and x.deleted_at is null
       where s.company_id = ${c} and ${toCaller}
    ),
    seen_files as (
      select id, bool_or(can_edit) as can_edit, bool_or(can_share) as can_share from (
        select x.id, sf.can_edit, sf.can_share from cbox_files x join seen_folders sf on sf.id = x.folder_id
         where x.company_id = ${c} and x.deleted_at is null
        union all
        select id, can_edit, can_share from file_grants
      ) held group by id
    )`;
}

/** Shares (alias s) given to the caller or to their profile. */
function sharedToCaller(user: SessionUser): SQL {
  return user.profileId !== null
    ? sql`(s.user_id = ${user.id} or s.profile_id = ${user.profileId})`
    : sql`s.user_id = ${user.id}`;
}

/** `column in (ids)`, false for no ids. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  if (!ids.length) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The levels a seen_* row carries. */
export const levelsOfFlags = (row: { can_edit: boolean; can_share: boolean }): CboxLevel[] =>
  normalizeLevels([
    'can-download',
    ...(row.can_edit ? (['can-edit'] as const) : []),
    ...(row.can_share ? (['can-share'] as const) : []),
  ]);
