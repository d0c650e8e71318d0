import { and, asc, eq, gt, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { OrderState } from '#domain/orders';
import type { DbOrTx } from '../../../db/client.ts';
import { orders, projects, tickets, towers, units } from '../../../db/schema/index.ts';
import type { CalendarVisit } from '../../../lib/icalendar/visit-calendar.ts';
import { ticketLink } from '../shared/events.ts';

/**
 * The visits of inspection and work orders as calendars read them (the scheduling tool's feeds and invitations,
 * docs/api.md "Calendar feeds"): a scheduled visit is tentative until the owner confirms it, a cancelled one is
 * announced as such so subscribed calendars drop it; an order never scheduled is no visit.
 */
const STATUS_OF: Partial<Record<OrderState, CalendarVisit['status']>> = {
  agendada: 'tentative',
  confirmada: 'confirmed',
  gestionada: 'confirmed',
  finalizada: 'confirmed',
  cancelada: 'cancelled',
};
const CALENDAR_STATES = Object.keys(STATUS_OF) as OrderState[];

async function selectVisits(db: DbOrTx, where: SQL | undefined): Promise<CalendarVisit[]> {
  const rows = await db
    .select({
      order: orders,
      ticketCode: tickets.code,
      unitNumber: units.number,
      towerName: towers.name,
      projectName: projects.name,
      address: projects.address,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .innerJoin(projects, eq(projects.id, orders.projectId))
    .where(and(isNotNull(orders.startAt), isNotNull(orders.endAt), inArray(orders.state, CALENDAR_STATES), where))
    .orderBy(asc(orders.startAt), asc(orders.id));
  return rows.map(({ order: o, ticketCode, unitNumber, towerName, projectName, address }) => ({
    key: `order-${o.id}`,
    kind: o.kind,
    code: o.code,
    ticketCode,
    status: STATUS_OF[o.state]!,
    start: o.startAt!,
    end: o.endAt!,
    updatedAt: o.updatedAt,
    place: towerName ? `${towerName} ${unitNumber}` : unitNumber,
    projectName,
    address,
    path: ticketLink(o.ticketId),
  }));
}

/** The visits one person is responsible for, in the projects they see, overlapping [from, to). */
export function orderVisitsOf(
  db: DbOrTx,
  person: { companyId: number; userId: number; projectIds: readonly number[] },
  range: { from: Date; to: Date },
): Promise<CalendarVisit[]> {
  if (!person.projectIds.length) return Promise.resolve([]);
  return selectVisits(
    db,
    and(
      eq(orders.companyId, person.companyId),
      eq(orders.responsibleId, person.userId),
      inArray(orders.projectId, [...person.projectIds]),
      lt(orders.startAt, range.to),
      gt(orders.endAt, range.from),
    ),
  );
}

/** One order's visit (for the invitation e-mailed to the owner), or undefined when it has none. */
export async function orderVisit(db: DbOrTx, orderId: number): Promise<CalendarVisit | undefined> {
  const [visit] = await selectVisits(db, eq(orders.id, orderId));
  return visit;
}
