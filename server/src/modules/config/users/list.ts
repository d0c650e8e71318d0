import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '#domain/schemas/users';
import type { DbOrTx } from '../../../db/client.ts';
import { positions, profiles, userProjects, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { containsText } from '../../../lib/text-search.ts';
import { envelope, offsetOf, sortOf } from '../../../lib/paging.ts';
import { userRows } from './rows.ts';

/** At most this many rows in one export (the list's filters narrow it). */
export const USER_EXPORT_MAX = 10_000;

const STATE_SQL = {
  activo: and(eq(users.isActive, true), isNull(users.deletedAt)),
  deshabilitado: and(eq(users.isActive, false), isNull(users.deletedAt)),
  eliminado: isNotNull(users.deletedAt),
};

/** The filters of GET configuracion/usuarios: the company's staff; deleted users only when asked for. */
function whereOf(user: SessionUser, q: UserListQuery): SQL {
  const states = q.states.length ? q.states : (['activo', 'deshabilitado'] as const);
  const conditions: (SQL | undefined)[] = [
    eq(users.companyId, user.companyId),
    eq(users.kind, 'staff'),
    or(...states.map((s) => STATE_SQL[s])),
  ];
  if (q.search)
    conditions.push(
      containsText(
        [
          users.username,
          users.firstName,
          users.lastName,
          users.email,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ],
        q.search,
      ),
    );
  if (q.profile_ids.length) conditions.push(inArray(users.profileId, q.profile_ids));
  if (q.position_ids.length) conditions.push(inArray(users.positionId, q.position_ids));
  if (q.project_ids.length)
    conditions.push(
      or(
        eq(users.allProjects, true),
        sql`exists (select 1 from ${userProjects} where ${userProjects.userId} = ${users.id} and ${inArray(userProjects.projectId, q.project_ids)})`,
      ),
    );
  return and(...conditions)!;
}

const SORTS: Record<string, SQL | AnyColumn> = {
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  username: users.username,
  email: sql`lower(coalesce(${users.email}, ''))`,
  position: sql`lower(coalesce(${positions.name}, ''))`,
  profile: sql`lower(coalesce(${profiles.name}, ''))`,
  created_at: users.createdAt,
};

async function selectUsers(db: DbOrTx, user: SessionUser, q: UserListQuery, limit: number, offset: number) {
  const sort = sortOf(SORTS, q.sortBy, SORTS.name);
  const rows = await db
    .select({ user: users })
    .from(users)
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(whereOf(user, q))
    .orderBy(q.descending ? desc(sort) : asc(sort), asc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.user);
}

/** GET configuracion/usuarios: one page (docs/product.md §3 paged list), search ignoring accents. */
export async function listUsers(db: DbOrTx, user: SessionUser, q: UserListQuery) {
  const [records, [{ total }]] = await Promise.all([
    selectUsers(db, user, q, q.rowsPerPage, offsetOf(q)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(whereOf(user, q)),
  ]);
  return envelope(await userRows(db, user.companyId, records), total, q);
}

/** GET configuracion/usuarios/export: every row the filters give, up to USER_EXPORT_MAX. */
export async function exportUsers(db: DbOrTx, user: SessionUser, q: UserListQuery) {
  const records = await selectUsers(db, user, q, USER_EXPORT_MAX + 1, 0);
  return {
    rows: await userRows(db, user.companyId, records.slice(0, USER_EXPORT_MAX)),
    truncated: records.length > USER_EXPORT_MAX,
  };
}
