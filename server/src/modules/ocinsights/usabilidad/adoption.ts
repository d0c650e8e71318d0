import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Adoption, NeverSignedIn } from '#domain/insights-responses';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { profiles, users } from '../../../db/schema/index.ts';
import { fullName, seesProject } from '../../../db/staff.ts';

type Range = { from: string; to: string; projectId?: number };

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const activeStaff = (companyId: number) =>
  and(eq(users.companyId, companyId), eq(users.kind, 'staff'), eq(users.isActive, true), isNull(users.deletedAt));

/**
 * How many of those who could use it did, in the range. Per project the caller sees (or the one asked for): its
 * members — active staff assigned to it or seeing every project (server/src/db/staff.ts seesProject) —, how many of
 * them were active in it, and their events there (usage_user_days). Per profile with active staff (null: staff without one): its
 * users, how many were active (usage_user_days; for one project, its rows of it) and their events.
 */
export async function adoption(
  db: DbOrTx,
  companyId: number,
  visibleProjectIds: readonly number[],
  range: Range,
): Promise<Adoption> {
  const { from, to, projectId } = range;
  const projectIds = projectId === undefined ? visibleProjectIds : [projectId];
  const projectRows = await db.execute(sql`
    with p as (select id, name from projects where company_id = ${companyId} and id = any(${intArray(projectIds)}::int[])),
    members as (
      select p.id as project_id, ${users.id} as user_id
        from p
        join ${users} on ${activeStaff(companyId)}
        left join ${profiles} on ${profiles.id} = ${users.profileId}
       where ${seesProject(sql`p.id`)}
    ),
    used as (
      select project_id, user_id, sum(events) as events from usage_user_days
       where company_id = ${companyId} and day between ${from}::date and ${to}::date
         and project_id = any(${intArray(projectIds)}::int[])
       group by project_id, user_id
    )
    select p.id, p.name, count(m.user_id)::int as members, count(used.user_id)::int as users,
           coalesce(sum(used.events), 0)::float8 as events
      from p
      left join members m on m.project_id = p.id
      left join used on used.project_id = m.project_id and used.user_id = m.user_id
     group by p.id, p.name
     order by p.name, p.id`);
  const used =
    projectId === undefined
      ? sql`select user_id, sum(events) as events from usage_user_days
             where company_id = ${companyId} and day between ${from}::date and ${to}::date group by user_id`
      : sql`select user_id, sum(events) as events from usage_user_days
             where company_id = ${companyId} and day between ${from}::date and ${to}::date
               and project_id = ${projectId} group by user_id`;
  const profileRows = await db.execute(sql`
    with used as (${used})
    select ${profiles.id} as id, ${profiles.name} as name, count(*)::int as members,
           count(used.user_id)::int as users, coalesce(sum(used.events), 0)::float8 as events
      from ${users}
      left join ${profiles} on ${profiles.id} = ${users.profileId}
      left join used on used.user_id = ${users.id}
     where ${activeStaff(companyId)}
     group by ${profiles.id}, ${profiles.name}
     order by ${profiles.name} nulls last, ${profiles.id}`);
  type Row = { id: number | null; name: string | null; members: number; users: number; events: number };
  const counts = (r: Row) => ({ users: Number(r.users), members: Number(r.members), events: Number(r.events) });
  return {
    projects: rowsOf<Row>(projectRows).map((r) => ({ project: { id: Number(r.id), name: r.name! }, ...counts(r) })),
    profiles: rowsOf<Row>(profileRows).map((r) => ({
      profile: r.id === null ? null : { id: Number(r.id), name: r.name! },
      ...counts(r),
    })),
  };
}

/** The company's active staff who never signed in (users.last_sign_in_at null, set by auth's login), by name. */
export async function neverSignedIn(db: DbOrTx, companyId: number): Promise<NeverSignedIn> {
  const rows = await db
    .select({ user: users, profile: { id: profiles.id, name: profiles.name } })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(activeStaff(companyId), isNull(users.lastSignInAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(({ user, profile }) => ({
    id: user.id,
    name: fullName(user),
    username: user.username,
    profile: profile?.id == null ? null : { id: profile.id, name: profile.name },
    created_at: user.createdAt.toISOString(),
  }));
}
