import { and, eq, inArray, sql } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { AGENT_EXPRESSION, OWNER_MESSAGE } from '#domain/tickets';
import type { DbOrTx } from '../../../db/client.ts';
import { owners, profiles, users } from '../../../db/schema/index.ts';
import { activeStaffSeeing } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';

/** An agent (AGENT_EXPRESSION in domain/tickets.ts, where the rule is explained). */
export const isAgent = (permissions: ReadonlySet<string> | readonly string[]) => can(permissions, AGENT_EXPRESSION);

/** Public messages reach the owner: they need postventa_mensaje_propietario, unless the author is an agent. */
export const canMessageOwner = (user: SessionUser) => can(user.permissions, OWNER_MESSAGE) || isAgent(user.permissions);

/** SQL: the profile of `users` makes them an agent (same rule as isAgent). */
export const agentSql = sql`(${profiles.permissions} @> '["postventa_gestionar"]'::jsonb and not ${profiles.permissions} @> '["postventa_supervisar"]'::jsonb)`;

/**
 * Staff users of the caller's company, active, who can see the project: the only people a ticket or
 * an order may be assigned or copied to. Anything else is a 422 on the field.
 */
export async function assertStaffInProject(
  db: DbOrTx,
  companyId: number,
  projectId: number,
  ids: number[],
  field: string,
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ user: users, permissions: profiles.permissions })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(inArray(users.id, unique), activeStaffSeeing(companyId, projectId)));
  if (rows.length !== unique.length)
    throw new ApiError(422, 'errors.validation', undefined, [{ field, key: 'after_sales.errors.invalid_user' }]);
  return rows.map((r) => ({ ...r.user, isAgent: isAgent(r.permissions ?? []) }));
}

/** Active staff who supervise after-sales (postventa_supervisar) and see the project. */
export async function supervisorsOf(db: DbOrTx, companyId: number, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(activeStaffSeeing(companyId, projectId), sql`${profiles.permissions} @> '["postventa_supervisar"]'::jsonb`),
    );
  return rows.map((r) => r.id);
}

/** The applicant must be an owner or receiver of the unit (docs/product.md#ticket-screens). */
export async function ownerAccountOf(db: DbOrTx, ownerId: number | null) {
  if (!ownerId) return undefined;
  const [row] = await db
    .select({ owner: owners, user: users })
    .from(owners)
    .leftJoin(users, eq(users.id, owners.userId))
    .where(eq(owners.id, ownerId));
  return row;
}

/**
 * docs/product.md §5: an owner without a verified e-mail cannot get notifications. The owner's account is
 * notified only when its address is verified; events carry owner_notifiable either way.
 */
export async function ownerRecipient(
  db: DbOrTx,
  ownerId: number | null,
): Promise<{ userId: number | null; notifiable: boolean }> {
  const row = await ownerAccountOf(db, ownerId);
  const user = row?.user;
  const notifiable = Boolean(user && user.email && user.emailVerifiedAt && user.isActive && !user.deletedAt);
  return { userId: notifiable ? user!.id : null, notifiable };
}
