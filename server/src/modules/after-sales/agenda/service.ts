import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { agendaQuerySchema } from '#domain/schemas/after-sales';
import { ORDER_SCHEDULED_STATES } from '#domain/orders';
import { companies, orders, owners, projects, tickets, units } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { timezoneOf } from '../shared/dates.ts';
import { userBriefs } from '../../../db/staff.ts';
import { loadTicket } from '../shared/scope.ts';
import { visibleProjectsOf } from '../../../auth/guard.ts';

type Query = z.output<typeof agendaQuerySchema> & { tz?: string };
/** A calendar month view with its spill-over weeks fits; anything longer is refused. */
const MAX_RANGE_DAYS = 62;

/** A date ('YYYY-MM-DD', local midnight in the company's zone) or an ISO instant. */
function instant(value: string, tz: string, endOfDay: boolean) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = dayjs.tz(value, tz).startOf('day');
    return (endOfDay ? d.add(1, 'day') : d).toDate();
  }
  return new Date(value);
}

type Slot = { id: number; responsibleId: number | null; start: number; end: number };

/** Orders of one responsible whose visits overlap another of theirs (docs/product.md#agenda: flagged on the agenda). */
export function overlapping(slots: Slot[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const byPerson = new Map<number, Slot[]>();
  for (const s of slots)
    if (s.responsibleId !== null) byPerson.set(s.responsibleId, [...(byPerson.get(s.responsibleId) ?? []), s]);
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].start < list[i].end; j++) {
        out.set(list[i].id, [...(out.get(list[i].id) ?? []), list[j].id]);
        out.set(list[j].id, [...(out.get(list[j].id) ?? []), list[i].id]);
      }
    }
  }
  return out;
}

/** GET agenda (docs/product.md §2 agenda): scheduled OI/OT in a range, by responsible(s), with overlap flags. */
export async function listAgenda(deps: AppDeps, user: SessionUser, q: Query) {
  const db = deps.database.db;
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  const tz = timezoneOf(company?.country, q.tz);
  const from = instant(q.from, tz, false);
  const to = instant(q.to, tz, true);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) {
    throw new ApiError(422, 'errors.validation', undefined, [{ field: 'to', key: 'after_sales.validation.range' }]);
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'to', key: 'after_sales.validation.agenda_range', params: { days: MAX_RANGE_DAYS } },
    ]);
  }
  // All the caller's projects, or the few chosen; a project they may not see is a 404 (docs/architecture.md §4).
  const visible = visibleProjectsOf(user, q.project_id);
  const rows = await db
    .select({
      order: orders,
      ticket: tickets,
      unitNumber: units.number,
      projectName: projects.name,
      ownerName: owners.name,
      ownerLast: owners.lastName,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(projects, eq(projects.id, orders.projectId))
    .leftJoin(owners, eq(owners.id, tickets.applicantOwnerId))
    .where(
      and(
        eq(orders.companyId, user.companyId),
        inArray(orders.projectId, visible),
        inArray(orders.state, [...ORDER_SCHEDULED_STATES]),
        lt(orders.startAt, to),
        gt(orders.endAt, from),
        q.responsible_id?.length ? inArray(orders.responsibleId, q.responsible_id) : undefined,
        q.kind?.length ? inArray(orders.kind, q.kind) : undefined,
      ),
    )
    .orderBy(asc(orders.startAt), asc(orders.id));
  const clashes = overlapping(
    rows.map((r) => ({
      id: r.order.id,
      responsibleId: r.order.responsibleId,
      start: r.order.startAt!.getTime(),
      end: r.order.endAt!.getTime(),
    })),
  );
  const people = await userBriefs(
    db,
    rows.map((r) => r.order.responsibleId),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    data: rows.map(({ order: o, ticket: t, unitNumber, projectName, ownerName, ownerLast }) => ({
      id: o.id,
      kind: o.kind,
      code: o.code,
      state: o.state,
      start: o.startAt!.toISOString(),
      end: o.endAt!.toISOString(),
      duration_minutes: o.durationMinutes,
      title: `${o.code} · ${t.code} · ${unitNumber}`,
      responsible: o.responsibleId ? (people.get(o.responsibleId) ?? null) : null,
      ticket: { id: t.id, code: t.code, subject: t.subject, state: t.state },
      project: { id: o.projectId, name: projectName },
      unit: { id: t.unitId, number: unitNumber },
      // The ticket's applicant: who the visit is with (the agenda's preview shows it).
      owner: t.applicantOwnerId
        ? { id: t.applicantOwnerId, name: `${ownerName ?? ''} ${ownerLast ?? ''}`.trim() }
        : null,
      owner_decision: o.ownerDecision,
      overlaps: clashes.has(o.id),
      overlaps_with: clashes.get(o.id) ?? [],
    })),
  };
}

/** The order behind an agenda event, scoped like every other after-sales lookup. */
export async function agendaOrder(deps: AppDeps, user: SessionUser, orderId: number) {
  const [order] = await deps.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, user.companyId)));
  if (!order || !user.projectIds.includes(order.projectId)) throw notFound();
  const ticket = await loadTicket(deps.database.db, user, order.ticketId);
  return { ticket, order };
}
