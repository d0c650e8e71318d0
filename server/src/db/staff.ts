import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { profiles, userProjects, users } from './schema/index.ts';

/** docs/product.md §3 User option: a person's name and initials as every list and select shows them. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
/** Initials by code point, so a name that starts with an emoji gives the whole emoji, never half a surrogate pair. */
export const acronymOf = (u: { firstName: string; lastName: string }) =>
  `${firstLetter(u.firstName)}${firstLetter(u.lastName)}`.toUpperCase();
const firstLetter = (s: string) => (s.codePointAt(0) === undefined ? '' : String.fromCodePoint(s.codePointAt(0)!));

/**
 * SQL: `users` sees the project: every project (the profile's 'todos_los_proyectos' or the user's own
 * all_projects, docs/product.md §3 User), or assigned to this one. Needs `profiles` joined (a left join is enough).
 */
export const seesProject = (projectId: number | SQL) =>
  or(
    sql`${profiles.permissions} @> '["todos_los_proyectos"]'::jsonb`,
    eq(users.allProjects, true),
    sql`exists (select 1 from ${userProjects} where ${userProjects.userId} = ${users.id} and ${userProjects.projectId} = ${projectId})`,
  );

/**
 * SQL: `users` is active staff of the company who can see the project (every project, or assigned
 * to this one): the only people a ticket, an order or a delivery may be assigned to. Needs `profiles`
 * joined (a left join is enough: no profile means assigned only).
 */
export const activeStaffSeeing = (companyId: number, projectId: number) =>
  and(
    eq(users.companyId, companyId),
    eq(users.kind, 'staff'),
    eq(users.isActive, true),
    isNull(users.deletedAt),
    seesProject(projectId),
  );

/**
 * The active staff of the company who see the project and whose profile holds `flag` (a module's permission): who
 * hears of a module's event about the project (a non-conforming concrete batch, an observed reception).
 */
export async function staffWithFlagSeeing(db: DbOrTx, companyId: number, projectId: number, flag: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(activeStaffSeeing(companyId, projectId), sql`${profiles.permissions} @> ${JSON.stringify([flag])}::jsonb`),
    );
  return rows.map((r) => r.id);
}

/** docs/product.md §3 User option: the people a ticket, an order, a ficha or the agenda names, by id. */
export async function userBriefs(db: DbOrTx, ids: (number | null | undefined)[]) {
  const unique = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!unique.length) return new Map<number, UserBrief>();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map<number, UserBrief>(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        full_name: fullName(u),
        acronym: acronymOf(u),
        color: u.color,
        is_enabled: u.isActive && !u.deletedAt,
      },
    ]),
  );
}
export type UserBrief = { id: number; full_name: string; acronym: string; color: string | null; is_enabled: boolean };

/**
 * docs/product.md §3 User option as every user select receives it: `is_enabled` is false for a disabled or deleted
 * user, whom the select shows struck through and greyed only while it is the selected value (docs/product.md §4,
 * client/src/widgets/user-option.ts).
 */
export function staffOption(u: typeof users.$inferSelect) {
  return {
    id: u.id,
    full_name: fullName(u),
    username: u.username,
    image_url: u.imagePath,
    acronym: acronymOf(u),
    color: u.color,
    is_enabled: u.isActive && !u.deletedAt,
  };
}
