import { sql } from 'drizzle-orm';
import type { ModuleUsage } from '#domain/insights-responses';
import type { UsageKind } from '#domain/insights';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';

/** How many of the most used names the screen lists. */
export const TOP_NAMES = 20;

type Range = { from: string; to: string; projectId?: number };

/**
 * Per module (a route manifest area): screens opened and actions taken (sums of usage_counts) and distinct users, most
 * used first; and the TOP_NAMES most used screens and actions with their distinct users. For one project, only the
 * counts in it. One scan of the range: the counts are first summed per name and user (at most users × names rows),
 * and both lists are read from those sums, so no distinct count sorts the range's rows.
 */
export async function moduleUsage(db: DbOrTx, companyId: number, range: Range): Promise<ModuleUsage> {
  const result = await db.execute(sql`
    with per as (
      select module, kind, name, user_id, sum(count)::float8 as n
        from usage_counts
       where company_id = ${companyId} and day between ${range.from}::date and ${range.to}::date
             ${range.projectId === undefined ? sql`` : sql`and project_id = ${range.projectId}`}
       group by module, kind, name, user_id
    ),
    modules as (
      select module,
             coalesce(sum(n) filter (where kind = 'screen'), 0) as screens,
             coalesce(sum(n) filter (where kind = 'action'), 0) as actions,
             count(distinct user_id)::int as users,
             sum(n) as total
        from per group by module
    ),
    names as (
      select module, kind, name, sum(n) as count, count(*)::int as users from per group by module, kind, name
    ),
    top as (select * from names order by count desc, module, kind, name limit ${TOP_NAMES})
    select
      (select coalesce(json_agg(json_build_object('module', module, 'screens', screens, 'actions', actions,
                                                  'users', users) order by total desc, module), '[]')
         from modules) as modules,
      (select coalesce(json_agg(json_build_object('module', module, 'kind', kind, 'name', name, 'count', count,
                                                  'users', users) order by count desc, module, kind, name), '[]')
         from top) as top`);
  const [row] = rowsOf<{ modules: unknown; top: unknown }>(result);
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    modules: json<ModuleUsage['modules']>(row.modules),
    top: json<{ module: string; kind: UsageKind; name: string; count: number; users: number }[]>(row.top),
  };
}
