import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { GLOBAL_SEARCH_LIMIT } from '#domain/search';
import type { SearchOwner, SearchUnit } from '#domain/search-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { owners, projects, towers, unitOwners, units } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { containsText } from '../../../lib/text-search.ts';

/**
 * The units (their fichas) and owners of the global search (docs/product.md §9 Global search and shortcuts), in the caller's
 * company and visible projects, ignoring case and accents; one query with LIMIT per kind.
 */
const byNumber = [asc(projects.name), sql`length(${units.number})`, asc(units.number)];

export async function searchUnits(db: DbOrTx, user: SessionUser, term: string): Promise<SearchUnit[]> {
  if (!user.projectIds.length) return [];
  const rows = await db
    .select({
      id: units.id,
      number: units.number,
      tower: towers.name,
      projectId: projects.id,
      projectName: projects.name,
      state: units.deliveryState,
    })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .where(
      and(
        eq(units.companyId, user.companyId),
        inArray(units.projectId, user.projectIds),
        containsText([units.number], term),
      ),
    )
    .orderBy(...byNumber)
    .limit(GLOBAL_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    tower: r.tower,
    project: { id: r.projectId, name: r.projectName },
    delivery_state: r.state,
  }));
}

/** A RUT without its dots and hyphen, so '12345678' finds '12.345.678-5'. */
const bareRut = (text: string) => text.replace(/[.\s-]/g, '');

/** One row per owner and unit: the result opens that unit's ficha. */
export async function searchOwners(db: DbOrTx, user: SessionUser, term: string): Promise<SearchOwner[]> {
  if (!user.projectIds.length) return [];
  const rut = bareRut(term);
  const rows = await db
    .select({
      id: owners.id,
      name: owners.name,
      lastName: owners.lastName,
      rut: owners.rut,
      unitId: units.id,
      unitNumber: units.number,
      projectId: projects.id,
      projectName: projects.name,
    })
    .from(owners)
    .innerJoin(unitOwners, eq(unitOwners.ownerId, owners.id))
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .innerJoin(projects, eq(projects.id, units.projectId))
    .where(
      and(
        eq(owners.companyId, user.companyId),
        eq(units.companyId, user.companyId),
        inArray(units.projectId, user.projectIds),
        or(
          containsText([sql`${owners.name} || ' ' || ${owners.lastName}`], term),
          rut.length >= 2 ? containsText([sql`replace(replace(${owners.rut}, '.', ''), '-', '')`], rut) : undefined,
        ),
      ),
    )
    .orderBy(asc(owners.lastName), asc(owners.name), ...byNumber)
    .limit(GLOBAL_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    full_name: `${r.name} ${r.lastName}`.trim(),
    rut: r.rut,
    unit_id: r.unitId,
    unit_number: r.unitNumber,
    project: { id: r.projectId, name: r.projectName },
  }));
}
