import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FichaListQuery } from '#domain/schemas/deliveries';
import type { DbOrTx } from '../../../db/client.ts';
import {
  deliveryFichas,
  deliveryRevisionResults,
  deliverySchedules,
  floors,
  owners,
  towers,
  unitOwners,
  units,
  unitTypes,
  users,
} from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { envelope, offsetOf, sortOf } from '../../../lib/paging.ts';
import { containsText } from '../../../lib/text-search.ts';
import { companyTimezone } from '../shared/time.ts';
import { fullName } from '../../../db/staff.ts';

/** Failures pending per unit (docs/product.md §3 Ficha "pending failures"): revision results still 'falla'. */
export const pendingSql = sql<number>`(select count(*)::int from ${deliveryRevisionResults} r where r.unit_id = "units"."id" and r.outcome = 'falla')`;

/** docs/product.md §2 fichas filters: tower, floor, type, state, responsible, scheduled and delivered date ranges. */
function conditions(user: SessionUser, projectIds: readonly number[], q: FichaListQuery, tz: string): SQL[] {
  const where: SQL[] = [eq(units.companyId, user.companyId), inArray(units.projectId, [...projectIds])];
  if (q.tower_id?.length) where.push(inArray(units.towerId, q.tower_id));
  if (q.floor?.length) where.push(inArray(floors.number, q.floor));
  if (q.unit_type_id?.length) where.push(inArray(units.unitTypeId, q.unit_type_id));
  if (q.state?.length) where.push(inArray(units.deliveryState, q.state));
  if (q.responsible_id?.length) where.push(inArray(units.responsibleId, q.responsible_id));
  // Scheduled instants are compared by the local calendar day of `tz` (inclusive range).
  const localDay = sql`(${units.scheduledDeliveryAt} at time zone ${tz})::date`;
  if (q.scheduled_from) where.push(sql`${localDay} >= ${q.scheduled_from}::date`);
  if (q.scheduled_to) where.push(sql`${localDay} <= ${q.scheduled_to}::date`);
  if (q.delivered_from) where.push(sql`${units.deliveryDate} >= ${q.delivered_from}::date`);
  if (q.delivered_to) where.push(sql`${units.deliveryDate} <= ${q.delivered_to}::date`);
  if (q.search) {
    const ownerMatches = containsText([sql`o.name || ' ' || o.last_name`], q.search);
    where.push(
      or(
        containsText([units.number], q.search),
        sql`exists (select 1 from ${unitOwners} uo join ${owners} o on o.id = uo.owner_id where uo.unit_id = ${units.id} and ${ownerMatches})`,
      )!,
    );
  }
  return where;
}

const SORTS = {
  number: sql`length(${units.number}), ${units.number}`,
  tower: sql`${towers.name}`,
  floor: sql`${floors.number}`,
  unit_type: sql`${unitTypes.name}`,
  state: sql`${units.deliveryState}`,
  responsible: sql`${users.firstName}`,
  scheduled_delivery_at: sql`${units.scheduledDeliveryAt}`,
  delivery_date: sql`${units.deliveryDate}`,
  pending_failures: pendingSql,
} as const;

/**
 * GET fichas: the units of the given projects (one, or several the caller chose, each already checked visible)
 * as delivery records, filtered, sorted and paged (docs/product.md §3 list envelope).
 */
export async function listFichas(db: DbOrTx, user: SessionUser, projectIds: readonly number[], q: FichaListQuery) {
  const tz = await companyTimezone(db, user.companyId, q.tz);
  const where = and(...conditions(user, projectIds, q, tz));
  const sortSql = sortOf(SORTS, q.sortBy, SORTS.number);
  const direction = q.descending ? sql`desc nulls last` : sql`asc nulls last`;
  const base = db
    .select({
      unit: units,
      tower: towers.name,
      floorNumber: floors.number,
      floorName: floors.name,
      typeName: unitTypes.name,
      typeCategory: unitTypes.category,
      responsible: { id: users.id, firstName: users.firstName, lastName: users.lastName, color: users.color },
      schedule: { id: deliverySchedules.id, state: deliverySchedules.state, startAt: deliverySchedules.startAt },
      passed: deliveryFichas.isPassedToAfterSales,
      ticketId: deliveryFichas.afterSalesTicketId,
      pending: pendingSql,
    })
    .from(units)
    .leftJoin(towers, eq(towers.id, units.towerId))
    .leftJoin(floors, eq(floors.id, units.floorId))
    .leftJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
    .leftJoin(users, eq(users.id, units.responsibleId))
    .leftJoin(deliverySchedules, and(eq(deliverySchedules.unitId, units.id), isNull(deliverySchedules.cancelledAt)))
    .leftJoin(deliveryFichas, eq(deliveryFichas.unitId, units.id));
  const [rows, [{ total }]] = await Promise.all([
    base
      .where(where)
      .orderBy(sql`${sortSql} ${direction}`, q.descending ? desc(units.id) : asc(units.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(units)
      .leftJoin(floors, eq(floors.id, units.floorId))
      .where(where),
  ]);
  const people = rows.length
    ? await db
        .select({ unitId: unitOwners.unitId, role: unitOwners.role, owner: owners })
        .from(unitOwners)
        .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
        .where(
          inArray(
            unitOwners.unitId,
            rows.map((r) => r.unit.id),
          ),
        )
        .orderBy(owners.id)
    : [];
  return envelope(
    rows.map((r) => ({
      id: r.unit.id,
      unit: r.unit.number,
      project_id: r.unit.projectId,
      tower: r.unit.towerId ? { id: r.unit.towerId, name: r.tower } : null,
      floor: r.unit.floorId ? { id: r.unit.floorId, number: r.floorNumber, name: r.floorName } : null,
      unit_type: r.unit.unitTypeId ? { id: r.unit.unitTypeId, name: r.typeName, category: r.typeCategory } : null,
      responsible: r.responsible?.id
        ? { id: r.responsible.id, full_name: fullName(r.responsible), color: r.responsible.color }
        : null,
      schedule: r.schedule?.id
        ? { id: r.schedule.id, state: r.schedule.state, start_at: r.schedule.startAt.toISOString() }
        : null,
      scheduled_delivery_at: r.unit.scheduledDeliveryAt?.toISOString() ?? null,
      delivery_date: r.unit.deliveryDate,
      pending_failures: r.pending,
      state: r.unit.deliveryState,
      is_passed_to_after_sales: r.passed ?? false,
      after_sales_ticket_id: r.ticketId ?? null,
      owners: people
        .filter((p) => p.unitId === r.unit.id)
        .map((p) => ({ id: p.owner.id, name: p.owner.name, last_name: p.owner.lastName, role: p.role })),
    })),
    total,
    q,
  );
}
