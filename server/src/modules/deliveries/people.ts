import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profiles, userProjects, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/errors.ts';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
export const acronymOf = (u: { firstName: string; lastName: string }) => `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();

/**
 * A delivery responsible must be an active staff user of the caller's company who can see the
 * project; anything else is a 422 on the field (never a hint about other tenants).
 */
export async function assertStaffInProject(db: DbOrTx, companyId: number, projectId: number, userId: number, field: string) {
  const [row] = await db.select({ user: users }).from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(userProjects, and(eq(userProjects.userId, users.id), eq(userProjects.projectId, projectId)))
    .where(and(
      eq(users.id, userId), eq(users.companyId, companyId), eq(users.kind, 'staff'), eq(users.isActive, true), isNull(users.deletedAt),
      or(sql`${profiles.permissions} @> '["todos_los_proyectos"]'::jsonb`, sql`${userProjects.userId} is not null`),
    ));
  if (!row) throw new ApiError(422, 'errors.validation', undefined, [{ field, key: 'deliveries.errors.invalid_user' }]);
  return row.user;
}

/** docs/product.md §3 User option for the people shown on fichas and agenda items. */
export async function userBriefs(db: DbOrTx, ids: (number | null | undefined)[]) {
  const unique = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!unique.length) return new Map<number, { id: number; full_name: string; acronym: string; color: string | null; is_enabled: boolean }>();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, { id: u.id, full_name: fullName(u), acronym: acronymOf(u), color: u.color, is_enabled: u.isActive && !u.deletedAt }]));
}
