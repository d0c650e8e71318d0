import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import type { DbOrTx } from '../../../db/client.ts';
import { profiles, users } from '../../../db/schema/index.ts';
import { activeStaffSeeing, staffOption } from '../../../db/staff.ts';
import { unprocessable } from '../../../lib/errors.ts';

/**
 * The people a Cmanagement ticket, issue or task may be assigned to or mention (docs/api.md, GET
 * cmanagement/personas): active staff of the company who see the ticket's project (server/src/db/staff.ts) and whose
 * profile opens the module, so whoever is named can open the ticket.
 */
const cmanagementPeople = (companyId: number, projectId: number) =>
  and(
    activeStaffSeeing(companyId, projectId),
    sql`${profiles.permissions} @> ${JSON.stringify([MODULE_PERMISSIONS.cmanagement])}::jsonb`,
  );

export async function staffOfProject(db: DbOrTx, companyId: number, projectId: number) {
  const rows = await db
    .select({ user: users })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(cmanagementPeople(companyId, projectId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => staffOption(r.user));
}

/** Of `ids`, those who are such people (each once). */
export async function peopleSeeing(db: DbOrTx, companyId: number, projectId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(inArray(users.id, unique), cmanagementPeople(companyId, projectId)));
  return rows.map((r) => r.id);
}

/** Every one of `ids` is such a person, else a 422 on `field`. */
export async function assertPeople(
  db: DbOrTx,
  companyId: number,
  projectId: number,
  ids: readonly number[],
  field: string,
) {
  const found = await peopleSeeing(db, companyId, projectId, ids);
  if (found.length !== new Set(ids).size)
    throw unprocessable([{ field, key: 'cmanagement.tickets.errors.person_invalid' }]);
}
