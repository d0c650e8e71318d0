import { sql, type SQL } from 'drizzle-orm';
import type { CboxSort } from '#domain/cbox';
import type { CboxListQuery } from '#domain/schemas/cbox';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../http/context.ts';
import { offsetOf } from '../../../lib/paging.ts';
import { visibilityCtes } from './visibility.ts';

/**
 * The one query behind every explorer listing (a folder's children, the root, a search): folders first, then files,
 * filtered by type and date, sorted, one page, with the total. A scope says which folders (alias f) and files
 * (alias x) take part and, when it reads the visibility CTEs, the levels it found (null: the caller works them out).
 */
export type ListingScope = {
  /** Whether the scope reads visibility.ts's CTEs (seen_folders sf / seen_files sv are joined then). */
  visibility: boolean;
  folders: SQL;
  files: SQL;
  /** Shown at the root as an alias of something deeper (docs/api.md, Cbox contenido). */
  folderAlias?: SQL;
  fileAlias?: SQL;
};

export type ListedRef = {
  kind: 'folder' | 'file';
  id: number;
  can_edit: boolean | null;
  can_share: boolean | null;
  shared_with_me: boolean;
};

type Filters = Pick<CboxListQuery, 'sort' | 'order' | 'type' | 'from' | 'to' | 'page' | 'rowsPerPage'>;

/** Sort keys over the union's columns; ties by name, then id, so pages never overlap. */
const SORTS: Record<CboxSort, SQL> = {
  name: sql`lower(name)`,
  updated_at: sql`updated_at`,
  size: sql`size`,
  type: sql`extension`,
};

/** Days are compared in UTC: `to` includes the whole day. */
function dateFilter(alias: SQL, q: Filters): SQL {
  const parts: SQL[] = [];
  if (q.from) parts.push(sql`${alias}.updated_at >= ${q.from}::date`);
  if (q.to) parts.push(sql`${alias}.updated_at < (${q.to}::date + 1)`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export function listingSql(user: SessionUser, scope: ListingScope, q: Filters): SQL {
  const c = user.companyId;
  const f = sql.raw('f');
  const x = sql.raw('x');
  const foldersWanted = q.type === undefined || q.type === 'folder';
  const filesWanted = q.type !== 'folder';
  const category = q.type && q.type !== 'folder' ? sql`x.category = ${q.type}` : sql`true`;
  const levels = (alias: string) =>
    scope.visibility
      ? sql.raw(`${alias}.can_edit, ${alias}.can_share`)
      : sql.raw('null::boolean as can_edit, null::boolean as can_share');
  const dir = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  const prefix = scope.visibility ? sql`with recursive ${visibilityCtes(user)} ` : sql``;
  return sql`${prefix}
    select kind, id, can_edit, can_share, shared_with_me, count(*) over() as total from (
      select 'folder' as kind, f.id, f.name, f.updated_at, 0::bigint as size, '' as extension,
             ${levels('sf')}, ${scope.folderAlias ?? sql`false`} as shared_with_me
        from cbox_folders f ${scope.visibility ? sql`join seen_folders sf on sf.id = f.id` : sql``}
       where ${sql.raw(foldersWanted ? 'true' : 'false')} and f.company_id = ${c} and f.deleted_at is null
         and ${scope.folders} and ${dateFilter(f, q)}
      union all
      select 'file', x.id, x.name, x.updated_at, x.size, x.extension,
             ${levels('sv')}, ${scope.fileAlias ?? sql`false`}
        from cbox_files x ${scope.visibility ? sql`join seen_files sv on sv.id = x.id` : sql``}
       where ${sql.raw(filesWanted ? 'true' : 'false')} and x.company_id = ${c} and x.deleted_at is null
         and ${scope.files} and ${category} and ${dateFilter(x, q)}
    ) items
    order by (kind = 'folder') desc, ${SORTS[q.sort]} ${dir}, lower(name) ${dir}, id ${dir}
    limit ${q.rowsPerPage} offset ${offsetOf(q)}`;
}

type Row = ListedRef & { total: string | number };

/** One page of refs and how many match; a page past the end still knows the total. */
export async function listRefs(
  db: DbOrTx,
  user: SessionUser,
  scope: ListingScope,
  q: Filters,
): Promise<{ refs: ListedRef[]; total: number }> {
  const rows = rowsOf<Row>(await db.execute(listingSql(user, scope, q)));
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const counted = rowsOf<Row>(await db.execute(listingSql(user, scope, { ...q, page: 1, rowsPerPage: 1 })));
    total = counted.length ? Number(counted[0].total) : 0;
  }
  return {
    refs: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      can_edit: r.can_edit,
      can_share: r.can_share,
      shared_with_me: Boolean(r.shared_with_me),
    })),
    total,
  };
}

/** LIKE pattern for "contains", with the wildcards of the text itself escaped (lower-case it in SQL, like the names). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
