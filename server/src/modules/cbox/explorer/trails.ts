import { sql } from 'drizzle-orm';
import type { CboxCrumb } from '#domain/cbox-responses';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../http/context.ts';
import { inIds, visibilityCtes } from './visibility.ts';

/**
 * The breadcrumb trail to items in these folders: the folders above, root first, as far up as the caller sees
 * them (an item shared from a folder they do not see starts its trail below it). The item itself is not part of
 * its trail. A folder gone to the trash ends the trail there (its items are restored at the root).
 */
export async function trailsOf(
  db: DbOrTx,
  user: SessionUser,
  folderIds: readonly (number | null)[],
): Promise<Map<number, CboxCrumb[]>> {
  const ids = [...new Set(folderIds.filter((id): id is number => id !== null))];
  const trails = new Map<number, CboxCrumb[]>();
  if (!ids.length) return trails;
  type Row = { start: number; id: number; name: string; seen: boolean };
  const result = await db.execute(sql`
    with recursive ${visibilityCtes(user)},
    anc(start, id, parent_id, name, depth) as (
      select f.id, f.id, f.parent_id, f.name, 0 from cbox_folders f
       where f.company_id = ${user.companyId} and f.deleted_at is null and ${inIds(sql`f.id`, ids)}
      union all
      select a.start, f.id, f.parent_id, f.name, a.depth + 1 from cbox_folders f join anc a on f.id = a.parent_id
       where f.deleted_at is null and a.depth < 200
    )
    select a.start, a.id, a.name, exists (select 1 from seen_folders s where s.id = a.id) as seen
      from anc a order by a.start, a.depth`);
  const upward = new Map<number, Row[]>();
  for (const row of rowsOf<Row>(result)) {
    const start = Number(row.start);
    upward.set(start, [...(upward.get(start) ?? []), row]);
  }
  for (const id of ids) {
    const crumbs: CboxCrumb[] = [];
    for (const node of upward.get(id) ?? []) {
      if (!node.seen) break;
      crumbs.unshift({ id: Number(node.id), name: node.name });
    }
    trails.set(id, crumbs);
  }
  return trails;
}

/** The trail of one item in `folderId` (the root: none). */
export async function trailOf(db: DbOrTx, user: SessionUser, folderId: number | null): Promise<CboxCrumb[]> {
  if (folderId === null) return [];
  return (await trailsOf(db, user, [folderId])).get(folderId) ?? [];
}
