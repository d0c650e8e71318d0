import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';

/** A live file under a folder, with the names of the folders between that folder and it (the folder's own excluded). */
export type SubtreeFile = {
  id: number;
  name: string;
  trail: string[];
  size: number;
  mime: string;
  extension: string;
  /** The files row of its current version (where its bytes are). */
  fileId: number;
  path: string;
};

/**
 * Every live file of a folder's live subtree, flat, in folder then name order (a zip, a share link's page). A folder
 * in the trash hides everything below it. At most `limit` rows, so a caller can tell "more than allowed" by asking
 * for one more.
 */
export async function subtreeFiles(
  db: DbOrTx,
  companyId: number,
  folderId: number,
  limit: number,
): Promise<SubtreeFile[]> {
  type Row = {
    id: number;
    name: string;
    trail: string[];
    size: string | number;
    mime: string;
    extension: string;
    file_id: number;
    path: string;
  };
  const result = await db.execute(sql`
    with recursive tree as (
      select id, array[]::text[] as trail, 0 as depth
        from cbox_folders where id = ${folderId} and company_id = ${companyId} and deleted_at is null
      union all
      select f.id, t.trail || f.name, t.depth + 1
        from cbox_folders f join tree t on f.parent_id = t.id
       where f.company_id = ${companyId} and f.deleted_at is null and t.depth < 200
    )
    select cf.id, cf.name, t.trail, cf.size, cf.mime, cf.extension, cf.file_id, fl.path
      from tree t
      join cbox_files cf on cf.folder_id = t.id and cf.company_id = ${companyId} and cf.deleted_at is null
      join files fl on fl.id = cf.file_id
     order by array_to_string(t.trail, '/'), lower(cf.name), cf.id
     limit ${limit}`);
  return rowsOf<Row>(result).map((r) => ({
    id: Number(r.id),
    name: r.name,
    trail: r.trail,
    size: Number(r.size),
    mime: r.mime,
    extension: r.extension,
    fileId: Number(r.file_id),
    path: r.path,
  }));
}
