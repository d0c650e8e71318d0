import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  deliveryRevisionResults,
  deliverySchedules,
  projects,
  towers,
  units,
  users,
} from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { fichaLink } from '../shared/events.ts';
import { fullName } from '../../../db/staff.ts';
import { companyTimezone, dayjs } from '../shared/time.ts';

/** Projects a feed covers: those asked for (each must be visible, else 404) or every visible one. */
function scopeOf(user: SessionUser, projectIds?: number[]) {
  if (projectIds?.length) {
    if (projectIds.some((id) => !user.projectIds.includes(id))) throw notFound();
    return projectIds;
  }
  return user.projectIds.length ? [...user.projectIds] : [-1];
}

/** Units delivered per week over the last 12 weeks (weeks start on Monday, docs/product.md §9), empty weeks included. */
export async function deliveredPerWeek(
  db: DbOrTx,
  user: SessionUser,
  projectIds?: number[],
  now = new Date(),
  requestedTz?: string,
) {
  const tz = await companyTimezone(db, user.companyId, requestedTz);
  const today = dayjs(now).tz(tz);
  const monday = today.startOf('day').subtract((today.day() + 6) % 7, 'day');
  const first = monday.subtract(11, 'week').format('YYYY-MM-DD');
  const rows = await db
    .select({
      week: sql<string>`to_char(date_trunc('week', ${units.deliveryDate}::timestamp), 'YYYY-MM-DD')`,
      delivered: sql<number>`count(*)::int`,
    })
    .from(units)
    .where(
      and(
        eq(units.companyId, user.companyId),
        inArray(units.projectId, scopeOf(user, projectIds)),
        sql`${units.deliveryState} <> 'por_entregar'`,
        sql`${units.deliveryDate} >= ${first}::date`,
        sql`${units.deliveryDate} <= ${today.format('YYYY-MM-DD')}::date`,
      ),
    )
    .groupBy(sql`1`);
  return Array.from({ length: 12 }, (_, i) => {
    const week = monday.subtract(11 - i, 'week').format('YYYY-MM-DD');
    return { week_start: week, delivered: rows.find((r) => r.week === week)?.delivered ?? 0 };
  });
}

/** Pending failures per unit (revision results still 'falla'), most first. */
export async function pendingFailuresPerUnit(db: DbOrTx, user: SessionUser, projectIds?: number[]) {
  const pending = sql<number>`count(${deliveryRevisionResults.id})::int`;
  const rows = await db
    .select({ unit: units, project: projects.name, tower: towers.name, pending })
    .from(deliveryRevisionResults)
    .innerJoin(units, eq(units.id, deliveryRevisionResults.unitId))
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .where(
      and(
        eq(deliveryRevisionResults.companyId, user.companyId),
        inArray(deliveryRevisionResults.projectId, scopeOf(user, projectIds)),
        eq(deliveryRevisionResults.outcome, 'falla'),
      ),
    )
    .groupBy(units.id, projects.name, towers.name)
    .orderBy(desc(pending), asc(units.id))
    .limit(200);
  return rows.map((r) => ({
    unit_id: r.unit.id,
    unit: r.unit.number,
    project: { id: r.unit.projectId, name: r.project },
    tower: r.tower,
    state: r.unit.deliveryState,
    pending_failures: r.pending,
    link: fichaLink(r.unit.id),
  }));
}

/** Scheduled deliveries as agenda items between two local days (inclusive), docs/product.md §2 agenda. */
export async function deliveryAgenda(
  db: DbOrTx,
  user: SessionUser,
  q: { from: string; to: string; project_id?: number[]; responsible_id?: number[]; tz?: string },
) {
  const tz = await companyTimezone(db, user.companyId, q.tz);
  const from = dayjs.tz(q.from, tz).startOf('day').toDate();
  const to = dayjs.tz(q.to, tz).startOf('day').add(1, 'day').toDate();
  const rows = await db
    .select({ s: deliverySchedules, unit: units, project: projects.name, tower: towers.name, r: users })
    .from(deliverySchedules)
    .innerJoin(units, eq(units.id, deliverySchedules.unitId))
    .innerJoin(projects, eq(projects.id, deliverySchedules.projectId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .leftJoin(users, eq(users.id, deliverySchedules.responsibleId))
    .where(
      and(
        eq(deliverySchedules.companyId, user.companyId),
        inArray(deliverySchedules.projectId, scopeOf(user, q.project_id)),
        isNull(deliverySchedules.cancelledAt),
        gte(deliverySchedules.startAt, from),
        lt(deliverySchedules.startAt, to),
        q.responsible_id?.length ? inArray(deliverySchedules.responsibleId, q.responsible_id) : undefined,
      ),
    )
    .orderBy(asc(deliverySchedules.startAt));
  return rows.map((x) => ({
    id: x.s.id,
    kind: 'entrega',
    state: x.s.state,
    start_at: x.s.startAt.toISOString(),
    // An appointment lasts an hour unless the agenda is told otherwise.
    end_at: new Date(x.s.startAt.getTime() + 3_600_000).toISOString(),
    unit: { id: x.unit.id, number: x.unit.number, tower: x.tower, state: x.unit.deliveryState },
    project: { id: x.s.projectId, name: x.project },
    responsible: x.r ? { id: x.r.id, full_name: fullName(x.r), color: x.r.color } : null,
    link: fichaLink(x.unit.id),
  }));
}
