import { sql } from 'drizzle-orm';
import type { ActiveUsers } from '#domain/insights-responses';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { daysOf, weeksOf } from './range.ts';

type Range = { from: string; to: string; projectId?: number };

/**
 * Who was active, per day and per ISO week (its Monday), in the range: distinct users of usage_user_days (for one
 * project, its rows of that project). Every day and week of the range is
 * listed, a quiet one with 0; `users` is the distinct users of the whole range, `staff` the company's active staff.
 */
export async function activeUsers(db: DbOrTx, companyId: number, range: Range): Promise<ActiveUsers> {
  const { from, to, projectId } = range;
  const active =
    projectId === undefined
      ? sql`select day, user_id from usage_user_days
             where company_id = ${companyId} and day between ${from}::date and ${to}::date group by day, user_id`
      : sql`select day, user_id from usage_user_days
             where company_id = ${companyId} and project_id = ${projectId} and day between ${from}::date and ${to}::date`;
  // One row per user and day (a user's projects folded), computed once for the counts below: a day's are its rows.
  const result = await db.execute(sql`
    with active as materialized (${active})
    select 'd' as grain, to_char(day, 'YYYY-MM-DD') as at, count(*)::int as users
      from active group by day
    union all
    select 'w', to_char(date_trunc('week', day), 'YYYY-MM-DD'), count(distinct user_id)::int
      from active group by date_trunc('week', day)
    union all
    select 'r', null, count(distinct user_id)::int from active
    union all
    select 's', null, count(*)::int from users
     where company_id = ${companyId} and kind = 'staff' and is_active and deleted_at is null`);
  const rows = rowsOf<{ grain: 'd' | 'w' | 'r' | 's'; at: string | null; users: number }>(result);
  const of = (grain: string) => new Map(rows.filter((r) => r.grain === grain).map((r) => [r.at, Number(r.users)]));
  const daily = of('d');
  const weekly = of('w');
  return {
    daily: daysOf(from, to).map((day) => ({ day, users: daily.get(day) ?? 0 })),
    weekly: weeksOf(from, to).map((week) => ({ week, users: weekly.get(week) ?? 0 })),
    users: of('r').get(null) ?? 0,
    staff: of('s').get(null) ?? 0,
  };
}
