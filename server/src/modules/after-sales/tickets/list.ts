import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  acs,
  companies,
  failures,
  owners,
  priorityRank,
  profiles,
  projects,
  projectSettings,
  tickets,
  towers,
  units,
  users,
} from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import type { TicketListQuery } from '#domain/schemas/after-sales';
import { FAILURE_PENDING_STATES } from '#domain/failures';
import { sqlLiterals } from '../../../db/sql-literals.ts';
import { envelope, offsetOf, sortOf } from '../../../lib/paging.ts';
import { containsText } from '../../../lib/text-search.ts';
import { presetRange, timezoneOf } from '../shared/dates.ts';
import { ticketScope, type Ticket } from '../shared/scope.ts';
import { isReadyToResolve } from '#machines/ticket';
import { fullName } from '../../../db/staff.ts';
import { visibleProjectsOf } from '../../../auth/guard.ts';
import { clocksOfRow, pausesOf, slaColumns, slaOfRow, slaOrder, slaWhere } from './sla-sql.ts';

export const PRIORITY_RANK = priorityRank(tickets.priority);

const SORTS: Record<Exclude<NonNullable<TicketListQuery['sortBy']>, 'sla'>, SQL | typeof tickets.id> = {
  code: tickets.code as never,
  number: tickets.number as never,
  subject: tickets.subject as never,
  state: tickets.state as never,
  priority: PRIORITY_RANK,
  origin: tickets.origin as never,
  created_at: tickets.createdAt as never,
  updated_at: tickets.updatedAt as never,
  responsible: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  unit: units.number as never,
  project: projects.name as never,
};

/** The WHERE of docs/product.md §2 ticket filters; the list, its export and the dashboards share it. */
export async function ticketFilter(
  db: DbOrTx,
  user: SessionUser,
  q: Partial<TicketListQuery> & { tz?: string; updated_since?: Date },
  now = new Date(),
) {
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  const tz = timezoneOf(company?.country, q.tz);
  const column = q.date_field === 'updated' ? tickets.updatedAt : tickets.createdAt;
  const range = presetRange(q.date_preset ?? 'all', tz, now, q.date_from, q.date_to);
  const search = q.search?.trim();
  return and(
    ticketScope(user),
    q.state?.length ? inArray(tickets.state, q.state) : undefined,
    q.priority?.length ? inArray(tickets.priority, q.priority) : undefined,
    q.origin?.length ? inArray(tickets.origin, q.origin) : undefined,
    q.responsible_id?.length ? inArray(tickets.responsibleId, q.responsible_id) : undefined,
    // A project the caller may not see is a 404 (docs/architecture.md §4), never an empty page.
    q.project_id?.length ? inArray(tickets.projectId, visibleProjectsOf(user, q.project_id)) : undefined,
    q.tower_id?.length ? inArray(tickets.towerId, q.tower_id) : undefined,
    q.unit_id?.length ? inArray(tickets.unitId, q.unit_id) : undefined,
    range.from ? gte(column, range.from) : undefined,
    range.to ? lt(column, range.to) : undefined,
    search ? containsText([tickets.code, tickets.subject], search) : undefined,
    // The public API's incremental sync (docs/api.md "Public API"): changed at or after an instant.
    q.updated_since ? gte(tickets.updatedAt, q.updated_since) : undefined,
  );
}

/**
 * Joined row of the list and the export, with what its clocks need (sla-sql.ts): the project's response time,
 * the responsible's profile (agents are exempt from it) and the ticket's pauses.
 */
function selectRows(db: DbOrTx) {
  const pz = pausesOf(db);
  return db
    .select({
      ...slaColumns,
      ticket: tickets,
      projectName: projects.name,
      towerName: towers.name,
      unitNumber: units.number,
      respFirst: users.firstName,
      respLast: users.lastName,
      ownerName: owners.name,
      ownerLast: owners.lastName,
    })
    .from(tickets)
    .innerJoin(projects, eq(projects.id, tickets.projectId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .leftJoin(towers, eq(towers.id, tickets.towerId))
    .leftJoin(users, eq(users.id, tickets.responsibleId))
    .leftJoin(owners, eq(owners.id, tickets.applicantOwnerId))
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, tickets.projectId))
    .leftJoinLateral(pz, sql`true`);
}

/** The count of the list: the clock joins only when the clock filter needs them. */
function countRows(db: DbOrTx, where: SQL | undefined, clockFilter: boolean) {
  const count = db.select({ total: sql<number>`count(*)::int` }).from(tickets);
  if (!clockFilter) return count.where(where);
  return count
    .leftJoin(users, eq(users.id, tickets.responsibleId))
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, tickets.projectId))
    .leftJoinLateral(pausesOf(db), sql`true`)
    .where(where);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

/**
 * Failures done vs total per ticket: the progress of docs/product.md §3 (pendiente and falla still count as
 * to do), and the solved ones whose AC is not conforming yet (docs/product.md §4 "The work moves the ticket").
 */
export async function progressOf(db: DbOrTx, ticketIds: number[]) {
  if (!ticketIds.length) return new Map<number, TicketProgress>();
  const rows = await db
    .select({
      ticketId: failures.ticketId,
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(*) filter (where ${failures.state} not in (${sqlLiterals(FAILURE_PENDING_STATES)}))::int`,
      awaitingConformity: sql<number>`count(*) filter (where ${acs.id} is not null and ${acs.state} <> 'conforme')::int`,
    })
    .from(failures)
    .leftJoin(acs, eq(acs.id, failures.acId))
    .where(inArray(failures.ticketId, ticketIds))
    .groupBy(failures.ticketId);
  return new Map(
    rows.map((r) => [
      r.ticketId,
      {
        total: r.total,
        done: r.done,
        percent: r.total ? Math.round((r.done / r.total) * 100) : 0,
        awaitingConformity: r.awaitingConformity,
      },
    ]),
  );
}
export type TicketProgress = { total: number; done: number; percent: number; awaitingConformity: number };
const NO_WORK: TicketProgress = { total: 0, done: 0, percent: 0, awaitingConformity: 0 };

/** The progress the answers carry, and whether the ticket is proposed for resolution. */
export function progressFields(
  ticket: { state: Ticket['state']; previousState: Ticket['previousState'] },
  work: TicketProgress = NO_WORK,
) {
  return {
    progress: { total: work.total, done: work.done, percent: work.percent },
    ready_to_resolve: isReadyToResolve(ticket, work),
  };
}

export function listRow(r: Row, progress?: TicketProgress, now = new Date()) {
  const t = r.ticket;
  return {
    id: t.id,
    code: t.code,
    number: t.number,
    subject: t.subject,
    state: t.state,
    previous_state: t.previousState,
    priority: t.priority,
    origin: t.origin,
    project: { id: t.projectId, name: r.projectName },
    tower: t.towerId ? { id: t.towerId, name: r.towerName } : null,
    unit: { id: t.unitId, number: r.unitNumber },
    applicant: t.applicantOwnerId
      ? { id: t.applicantOwnerId, name: `${r.ownerName ?? ''} ${r.ownerLast ?? ''}`.trim() }
      : null,
    responsible: t.responsibleId
      ? { id: t.responsibleId, full_name: fullName({ firstName: r.respFirst ?? '', lastName: r.respLast ?? '' }) }
      : null,
    merged_into_id: t.mergedIntoId,
    ...progressFields(t, progress),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    sla: slaOfRow(t, r, now),
  };
}

/**
 * What staff screens need to show a ticket as a write left it, without asking (docs/architecture.md §5 step 5):
 * its list row, and whether the board counts it overdue (the response clock past its target, the same cut as
 * the board's SQL). Read inside the writing transaction, after its writes.
 */
export async function ticketScreenView(db: DbOrTx, ticketId: number, now = new Date()) {
  const [r] = await selectRows(db).where(eq(tickets.id, ticketId));
  if (!r) return undefined;
  const progress = await progressOf(db, [ticketId]);
  return {
    row: listRow(r, progress.get(ticketId), now),
    overdue: clocksOfRow(r.ticket, r, now).response.status === 'overdue',
  };
}

function orderOf(q: Partial<TicketListQuery>) {
  if (q.sortBy === 'sla') return [slaOrder(q.descending ?? false), asc(tickets.id)];
  const column = sortOf(SORTS, q.sortBy, SORTS.created_at);
  const dir = q.sortBy ? (q.descending ? desc : asc) : desc;
  return [dir(column as SQL), dir(tickets.id)];
}

/** docs/product.md §2 solicitudes list: filters, sortBy/descending, page/rowsPerPage (default 50), list envelope. */
export async function listTickets(
  db: DbOrTx,
  user: SessionUser,
  q: TicketListQuery & { tz?: string; updated_since?: Date },
) {
  const where = and(await ticketFilter(db, user, q), slaWhere(q.sla));
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    countRows(db, where, !!q.sla),
  ]);
  const progress = await progressOf(
    db,
    rows.map((r) => r.ticket.id),
  );
  return envelope(
    rows.map((r) => listRow(r, progress.get(r.ticket.id))),
    total,
    q,
  );
}

/** The whole filtered set for the export, capped so one request cannot exhaust memory. */
export const EXPORT_MAX_ROWS = 50_000;
export async function exportRows(db: DbOrTx, user: SessionUser, q: TicketListQuery & { tz?: string }) {
  const where = and(await ticketFilter(db, user, q), slaWhere(q.sla));
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(EXPORT_MAX_ROWS + 1);
  const truncated = rows.length > EXPORT_MAX_ROWS;
  const kept = rows.slice(0, EXPORT_MAX_ROWS);
  const progress = new Map<number, TicketProgress>();
  for (let i = 0; i < kept.length; i += 5000) {
    for (const [k, v] of await progressOf(
      db,
      kept.slice(i, i + 5000).map((r) => r.ticket.id),
    ))
      progress.set(k, v);
  }
  return { rows: kept.map((r) => listRow(r, progress.get(r.ticket.id))), truncated };
}
