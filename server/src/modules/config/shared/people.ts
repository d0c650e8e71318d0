import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { profiles, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/** A user as the administration screens name one. */
export const personOf = (u: { id: number; firstName: string; lastName: string; username: string }) => ({
  id: u.id,
  full_name: `${u.firstName} ${u.lastName}`.trim(),
  username: u.username,
});

/** Active staff of the company whose profile holds `permission` (who hears about administrative dates). */
export async function staffHolding(db: DbOrTx, companyId: number, permission: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.kind, 'staff'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        sql`${profiles.permissions} @> ${JSON.stringify([permission])}::jsonb`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Staff users of the company by id; any id of another company, an owner account or a deleted user is a 404. */
export async function staffOfCompany(db: DbOrTx, companyId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.companyId, companyId),
        eq(users.kind, 'staff'),
        isNull(users.deletedAt),
      ),
    );
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}
