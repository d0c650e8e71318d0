import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { can } from '#domain/permissions';
import type { DbOrTx } from '../../../db/client.ts';
import { owners, profiles, userProjects, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';

/**
 * docs/product.md §6 names the "responsible agent" but not which profile is one. Our rule: an agent holds
 * postventa_gestionar without postventa_supervisar. Agents are exempt from the owner-message
 * permission and from the response-time limit (docs/product.md §6).
 */
export const AGENT_EXPRESSION = 'postventa_gestionar&!postventa_supervisar';
export const isAgent = (permissions: ReadonlySet<string> | readonly string[]) => can(permissions, AGENT_EXPRESSION);

/** Public messages reach the owner: they need postventa_mensaje_propietario, unless the author is an agent. */
export const canMessageOwner = (user: SessionUser) => can(user.permissions, 'postventa_mensaje_propietario') || isAgent(user.permissions);

/** SQL: the profile of `users` makes them an agent (same rule as isAgent). */
export const agentSql = sql`(${profiles.permissions} @> '["postventa_gestionar"]'::jsonb and not ${profiles.permissions} @> '["postventa_supervisar"]'::jsonb)`;

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
export const acronymOf = (u: { firstName: string; lastName: string }) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();

/**
 * SQL: `users` is active staff of the company who can see the project (every project, or assigned
 * to this one). Needs `profiles` joined (a left join is enough: no profile means assigned only).
 */
export const activeStaffSeeing = (companyId: number, projectId: number) => and(
  eq(users.companyId, companyId), eq(users.kind, 'staff'), eq(users.isActive, true), isNull(users.deletedAt),
  or(sql`${profiles.permissions} @> '["todos_los_proyectos"]'::jsonb`,
    sql`exists (select 1 from ${userProjects} where ${userProjects.userId} = ${users.id} and ${userProjects.projectId} = ${projectId})`),
);

/**
 * Staff users of the caller's company, active, who can see the project: the only people a ticket or
 * an order may be assigned or copied to. Anything else is a 422 on the field.
 */
export async function assertStaffInProject(db: DbOrTx, companyId: number, projectId: number, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select({ user: users, permissions: profiles.permissions }).from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(inArray(users.id, unique), activeStaffSeeing(companyId, projectId)));
  if (rows.length !== unique.length) throw new ApiError(422, 'errors.validation', undefined, [{ field, key: 'warranties.errors.invalid_user' }]);
  return rows.map((r) => ({ ...r.user, isAgent: isAgent(r.permissions ?? []) }));
}

/** The applicant must be an owner or receiver of the unit (docs/product.md#ticket-screens). */
export async function ownerAccountOf(db: DbOrTx, ownerId: number | null) {
  if (!ownerId) return undefined;
  const [row] = await db.select({ owner: owners, user: users }).from(owners).leftJoin(users, eq(users.id, owners.userId)).where(eq(owners.id, ownerId));
  return row;
}

/**
 * docs/product.md §5: an owner without a verified e-mail cannot get notifications. The owner's account is
 * notified only when its address is verified; events carry owner_notifiable either way.
 */
export async function ownerRecipient(db: DbOrTx, ownerId: number | null): Promise<{ userId: number | null; notifiable: boolean }> {
  const row = await ownerAccountOf(db, ownerId);
  const user = row?.user;
  const notifiable = Boolean(user && user.email && user.emailVerifiedAt && user.isActive && !user.deletedAt);
  return { userId: notifiable ? user!.id : null, notifiable };
}

export async function userBrief(db: DbOrTx, ids: (number | null | undefined)[]) {
  const unique = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!unique.length) return new Map<number, { id: number; full_name: string; acronym: string; color: string | null; is_enabled: boolean }>();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, { id: u.id, full_name: fullName(u), acronym: acronymOf(u), color: u.color, is_enabled: u.isActive && !u.deletedAt }]));
}
