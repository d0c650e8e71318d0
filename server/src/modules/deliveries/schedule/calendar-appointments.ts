import { and, asc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { DeliveryScheduleState } from '#domain/fichas';
import type { DbOrTx } from '../../../db/client.ts';
import { deliverySchedules, projects, towers, units } from '../../../db/schema/index.ts';
import type { CalendarVisit } from '../../../lib/icalendar/visit-calendar.ts';
import { fichaLink } from '../shared/events.ts';

/** A delivery appointment has a start only; calendars show it this long. */
export const DELIVERY_VISIT_MINUTES = 60;
const MINUTE = 60_000;

/**
 * Delivery appointments as calendars read them (the scheduling tool's feeds and invitations, docs/api.md
 * "Calendar feeds"): awaiting the owner is tentative, confirmed or done is confirmed, rejected or replaced is
 * cancelled so subscribed calendars drop it.
 */
const STATUS_OF: Record<DeliveryScheduleState, CalendarVisit['status']> = {
  por_confirmar: 'tentative',
  confirmada: 'confirmed',
  realizada: 'confirmed',
  rechazada: 'cancelled',
};

async function selectAppointments(db: DbOrTx, where: SQL | undefined): Promise<CalendarVisit[]> {
  const rows = await db
    .select({
      schedule: deliverySchedules,
      unitNumber: units.number,
      towerName: towers.name,
      projectName: projects.name,
      address: projects.address,
    })
    .from(deliverySchedules)
    .innerJoin(units, eq(units.id, deliverySchedules.unitId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .innerJoin(projects, eq(projects.id, deliverySchedules.projectId))
    .where(where)
    .orderBy(asc(deliverySchedules.startAt), asc(deliverySchedules.id));
  return rows.map(({ schedule: s, unitNumber, towerName, projectName, address }) => ({
    key: `delivery-${s.id}`,
    kind: 'delivery' as const,
    code: null,
    ticketCode: null,
    status: s.cancelledAt ? 'cancelled' : STATUS_OF[s.state],
    start: s.startAt,
    end: new Date(s.startAt.getTime() + DELIVERY_VISIT_MINUTES * MINUTE),
    updatedAt: s.updatedAt,
    place: towerName ? `${towerName} ${unitNumber}` : unitNumber,
    projectName,
    address,
    path: fichaLink(s.unitId),
  }));
}

/** The delivery appointments one person runs, in the projects they see, starting in [from, to). */
export function deliveryVisitsOf(
  db: DbOrTx,
  person: { companyId: number; userId: number; projectIds: readonly number[] },
  range: { from: Date; to: Date },
): Promise<CalendarVisit[]> {
  if (!person.projectIds.length) return Promise.resolve([]);
  return selectAppointments(
    db,
    and(
      eq(deliverySchedules.companyId, person.companyId),
      eq(deliverySchedules.responsibleId, person.userId),
      inArray(deliverySchedules.projectId, [...person.projectIds]),
      lt(deliverySchedules.startAt, range.to),
      gt(deliverySchedules.startAt, new Date(range.from.getTime() - DELIVERY_VISIT_MINUTES * MINUTE)),
    ),
  );
}

/** One appointment as a visit (for the invitation e-mailed to the owners). */
export async function deliveryVisit(db: DbOrTx, scheduleId: number): Promise<CalendarVisit | undefined> {
  const [visit] = await selectAppointments(db, eq(deliverySchedules.id, scheduleId));
  return visit;
}
